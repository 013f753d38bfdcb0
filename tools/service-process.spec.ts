// tools/service-process.js: the Node options every way of starting a service shares.
import { spawnSync } from 'node:child_process';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nodeArgsOf } = require('./service-process') as { nodeArgsOf: (service: string) => string[] };

/** In a process started with `args`: does a worker limited to 64 MiB of old generation hold 150 MiB? */
function workerLimitHolds(args: string[]): string {
  const script = `
    const { Worker } = require('node:worker_threads');
    const worker = new Worker("const kept = []; for (let i = 0; i < 150; i++) kept.push(new Array(131072).fill(i));", {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    worker.on('error', (error) => console.log(error.code));
    worker.on('exit', () => console.log('exit'));`;
  return spawnSync(process.execPath, [...args, '-e', script], { encoding: 'utf8' }).stdout.trim();
}

describe('service processes', () => {
  it('give profile-service and config-service a heap budget', () => {
    expect(nodeArgsOf('profile-service')).toEqual(['--max-old-space-size=256']);
    expect(nodeArgsOf('config-service')).toEqual(['--max-old-space-size=256']);
  });

  it("leave render-service's workers their own heap limit (a process-wide budget would override it)", () => {
    expect(workerLimitHolds(['--max-old-space-size=256'])).toBe('exit');
    expect(workerLimitHolds(nodeArgsOf('render-service'))).toBe('ERR_WORKER_OUT_OF_MEMORY\nexit');
  });

  it('refuses a service it does not know', () => {
    expect(() => nodeArgsOf('billing-service')).toThrow(/billing-service/);
  });
});
