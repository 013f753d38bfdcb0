// tools/service-process.js: the Node options every way of starting a service shares.
// (render-service's workers keep their own heap limits under these options: worker-heap-flags.spec.ts.)

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nodeArgsOf } = require('./service-process') as { nodeArgsOf: (service: string) => string[] };

describe('service processes', () => {
  it('give every service a heap budget', () => {
    expect(nodeArgsOf('profile-service')).toEqual(['--max-old-space-size=256']);
    expect(nodeArgsOf('config-service')).toEqual(['--max-old-space-size=256']);
    expect(nodeArgsOf('render-service')).toEqual([
      '--max-old-space-size=256',
      '--max-semi-space-size=4',
      '--single-threaded-gc',
    ]);
  });

  it('refuses a service it does not know', () => {
    expect(() => nodeArgsOf('billing-service')).toThrow(/billing-service/);
  });
});
