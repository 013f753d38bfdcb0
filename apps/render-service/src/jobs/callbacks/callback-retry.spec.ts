import {
  CALLBACK_MAX_ATTEMPTS,
  CALLBACK_MAX_RETRY_DELAY_MS,
  CALLBACK_RETRY_POLICY,
  callbackRetryDelayMs,
} from './callback-retry';

const noJitter = (): number => 0;

describe(callbackRetryDelayMs.name, () => {
  const waits = (random: () => number): number[] =>
    Array.from({ length: CALLBACK_MAX_ATTEMPTS - 1 }, (_, index) =>
      callbackRetryDelayMs(index + 1, undefined, random),
    );

  it('waits 10 s, then 4 times longer each time up to 1 h: about 3 hours over 8 attempts, as the policy says', () => {
    expect(waits(noJitter).map((ms) => ms / 1000)).toEqual([10, 40, 160, 640, 2560, 3600, 3600]);
    const hours = waits(noJitter).reduce((sum, ms) => sum + ms, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(2.9);
    expect(hours).toBeLessThan(3);
    expect(CALLBACK_RETRY_POLICY).toMatch(
      /^at most 8 attempts over about 3 hours: .*after 10 s, then 4 times longer each time up to 1 h/,
    );
  });

  it('shortens each wait by up to a fifth at random, never lengthens it', () => {
    const full = waits(noJitter);
    for (const random of [0.1, 0.5, 0.999_999]) {
      waits(() => random).forEach((wait, index) => {
        expect(wait).toBeLessThan(full[index]);
        expect(wait).toBeGreaterThanOrEqual(full[index] * 0.8);
      });
    }
    expect(callbackRetryDelayMs(1, undefined, () => 0.5)).toBe(9000);
  });

  it('waits as long as Retry-After asks when that is longer, up to 1 h', () => {
    expect(callbackRetryDelayMs(1, 120, noJitter)).toBe(120_000);
    expect(callbackRetryDelayMs(1, 3, noJitter)).toBe(10_000);
    expect(callbackRetryDelayMs(4, 0, noJitter)).toBe(640_000);
    expect(callbackRetryDelayMs(1, 86_400, noJitter)).toBe(CALLBACK_MAX_RETRY_DELAY_MS);
    // The jitter shortens the backoff, never what the receiver asked for.
    expect(callbackRetryDelayMs(2, 40, () => 0.999_999)).toBe(40_000);
  });

  it('stays at 1 h however many attempts a queue makes', () => {
    expect(callbackRetryDelayMs(50, undefined, noJitter)).toBe(CALLBACK_MAX_RETRY_DELAY_MS);
    expect(callbackRetryDelayMs(2000, undefined, noJitter)).toBe(CALLBACK_MAX_RETRY_DELAY_MS);
  });
});
