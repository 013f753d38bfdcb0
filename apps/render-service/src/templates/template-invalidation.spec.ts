import { Logger } from '@nestjs/common';

import { RedisTemplateInvalidation } from './template-invalidation';

/** A port where nothing listens: both connections are refused, again and again, as ioredis retries. */
const CLOSED_PORT_URL = 'redis://127.0.0.1:1';

describe(RedisTemplateInvalidation.name, () => {
  let warn: jest.SpyInstance;
  let consoleError: jest.SpyInstance;

  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    warn.mockRestore();
    consoleError.mockRestore();
  });

  const runFor = async (milliseconds: number, warningIntervalMs?: number): Promise<number> => {
    const sut = new RedisTemplateInvalidation(CLOSED_PORT_URL, 'render:templates', warningIntervalMs);
    try {
      await new Promise((resolve) => setTimeout(resolve, milliseconds));
      // A save while Redis is down warns through the same window.
      await sut.publish('invoice');
      return warn.mock.calls.length;
    } finally {
      await sut.close();
    }
  };

  it('logs one line for its two connections while Redis stays unreachable, within 30 s', async () => {
    expect(await runFor(3000)).toBe(1);
    expect(warn.mock.calls[0][0]).toMatchObject({
      msg: 'Redis is unreachable (connection refused); template invalidation: replicas re-read every template once it is back',
      err: { message: expect.stringMatching(/ECONNREFUSED/) },
    });
    // Every error event of both connections is handled: ioredis writes none to the console.
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('logs again once its interval has passed, counting the lines held back', async () => {
    const lines = await runFor(3000, 1000);
    expect(lines).toBeGreaterThanOrEqual(2);
    expect(lines).toBeLessThanOrEqual(4);
    expect(warn.mock.calls[1][0]).toMatchObject({ suppressed: expect.any(Number) });
    expect(consoleError).not.toHaveBeenCalled();
  });
});
