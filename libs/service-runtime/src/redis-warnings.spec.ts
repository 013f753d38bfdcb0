import { Redis } from 'ioredis';

import { RedisTimeoutError } from './redis-deadline';
import {
  REDIS_WARNING_INTERVAL_MS,
  redisTroubleFields,
  redisTroubleOf,
  reportRedisErrors,
  ThrottledWarnings,
} from './redis-warnings';

/** A port where nothing listens: every connection attempt is refused at once. */
const CLOSED_PORT_URL = 'redis://127.0.0.1:1';

describe(ThrottledWarnings.name, () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('writes one line per 30 s however often the failure repeats, counting those held back', () => {
    const sink = jest.fn();
    const sut = new ThrottledWarnings(sink);
    expect(REDIS_WARNING_INTERVAL_MS).toBe(30_000);

    // A failed reconnect every 100 ms for 115 s: the log of issue 18 had 156 lines for it.
    for (let elapsed = 0; elapsed < 115_000; elapsed += 100) {
      sut.warn('Redis connection error', { err: { message: 'connect ECONNREFUSED' } });
      jest.advanceTimersByTime(100);
    }

    expect(sink.mock.calls.map(([fields]) => fields)).toEqual([
      { err: { message: 'connect ECONNREFUSED' } },
      { err: { message: 'connect ECONNREFUSED' }, suppressed: 299 },
      { err: { message: 'connect ECONNREFUSED' }, suppressed: 299 },
      { err: { message: 'connect ECONNREFUSED' }, suppressed: 299 },
    ]);
    expect(sink.mock.calls.every(([, message]) => message === 'Redis connection error')).toBe(true);
  });

  it('writes again exactly when 30 s have passed since the last line, not before', () => {
    const sink = jest.fn();
    const sut = new ThrottledWarnings(sink);
    expect(sut.warn('down')).toBe(true);
    jest.advanceTimersByTime(29_999);
    expect(sut.warn('down')).toBe(false);
    jest.advanceTimersByTime(1);
    expect(sut.warn('down')).toBe(true);
    expect(sink).toHaveBeenCalledTimes(2);
  });

  it('keeps a window per kind of trouble: a new kind is written at once, each counting its own held back', () => {
    const sink = jest.fn();
    const sut = new ThrottledWarnings(sink);
    expect(sut.warn('Redis is unreachable (connection refused)', {}, 'unreachable')).toBe(true);
    expect(sut.warn('Redis is unreachable (no open connection)', {}, 'unreachable')).toBe(false);
    expect(sut.warn('Redis did not answer within 250 ms', {}, 'timeout')).toBe(true);
    expect(sut.warn('Redis did not answer within 250 ms', {}, 'timeout')).toBe(false);
    jest.advanceTimersByTime(30_000);
    expect(sut.warn('Redis is unreachable (connection refused)', {}, 'unreachable')).toBe(true);
    expect(sink.mock.calls.map(([fields, message]) => [message, fields])).toEqual([
      ['Redis is unreachable (connection refused)', {}],
      ['Redis did not answer within 250 ms', {}],
      ['Redis is unreachable (connection refused)', { suppressed: 1 }],
    ]);
  });

  it('keeps a window per component: one component being quiet does not silence another', () => {
    const first = jest.fn();
    const second = jest.fn();
    const a = new ThrottledWarnings(first);
    const b = new ThrottledWarnings(second);
    a.warn('down');
    b.warn('down');
    a.warn('down');
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
  });
});

describe(reportRedisErrors.name, () => {
  it('handles every error event of a client of a closed port, logging one line per interval', async () => {
    const unhandled = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const sink = jest.fn();
    const client = new Redis(CLOSED_PORT_URL, { lazyConnect: false });
    let errors = 0;
    reportRedisErrors([client], new ThrottledWarnings(sink, 1000), { onError: () => (errors += 1) });
    try {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      // ioredis retries after 50, 100, 150 ... ms: some ten refusals, a line a second at most.
      expect(errors).toBeGreaterThan(5);
      expect(sink.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(sink.mock.calls.length).toBeLessThanOrEqual(4);
      expect(sink.mock.calls[0][1]).toBe(
        'Redis is unreachable (connection refused); ioredis reconnects by itself',
      );
      expect(sink.mock.calls[0][0]).toEqual({ err: { message: expect.stringMatching(/ECONNREFUSED/) } });
      // ioredis writes an error event nobody handles to the console.
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      client.disconnect();
      unhandled.mockRestore();
    }
  });
});

describe(redisTroubleOf.name, () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  /** ioredis's ReplyError, as redis-errors names it. */
  const replyError = (message: string) => Object.assign(new Error(message), { name: 'ReplyError' });

  it.each<[string, unknown, string]>([
    ['a timeout', new RedisTimeoutError(250, 3), 'Redis did not answer within 250 ms'],
    [
      'a refused connection',
      withCode('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED'),
      'Redis is unreachable (connection refused)',
    ],
    [
      'an unknown host',
      withCode('getaddrinfo ENOTFOUND redis', 'ENOTFOUND'),
      'Redis is unreachable (host not found)',
    ],
    [
      "ioredis's connect timeout (a timer that lapses under CPU pressure too)",
      withCode('connect ETIMEDOUT', 'ETIMEDOUT'),
      'Redis did not complete the connection in time (connect ETIMEDOUT)',
    ],
    [
      "ioredis's command timeout",
      new Error('Command timed out'),
      'Redis did not answer in time (command timed out)',
    ],
    [
      'a command while reconnecting',
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      'Redis is unreachable (no open connection)',
    ],
    ['a connection closed', new Error('Connection is closed.'), 'Redis is unreachable (no open connection)'],
    ['an error answer', replyError('OOM command not allowed'), 'Redis answered with an error'],
  ])('names %s for what it is', (_case, error, trouble) => {
    expect(redisTroubleOf(error)).toBe(trouble);
  });

  it("gives a timeout's fields how long it waited and how late its timer fired", () => {
    expect(redisTroubleFields(new RedisTimeoutError(250, 412))).toEqual({
      err: { message: 'Redis did not answer within 250 ms' },
      waitedMs: 250,
      timerLateMs: 412,
    });
    expect(redisTroubleFields(new Error('Connection is closed.'))).toEqual({
      err: { message: 'Connection is closed.' },
    });
  });
});
