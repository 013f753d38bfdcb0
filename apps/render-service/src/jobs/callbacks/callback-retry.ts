/**
 * When a callback that was not delivered is tried again (the `retry` outcomes of deliverCallback;
 * a `rejected` one never is). Standard Webhooks asks for exponential backoff with jitter over a
 * long enough time for a receiver's deployment or outage: eight attempts span about three hours,
 * well within the time a job's result is kept (RENDER_JOB_RESULT_TTL, a day by default).
 */

/** Attempts of one callback, the first included. */
export const CALLBACK_MAX_ATTEMPTS = 8;
/** The wait after the first attempt; each next wait is CALLBACK_BACKOFF_FACTOR times longer... */
export const CALLBACK_FIRST_RETRY_DELAY_MS = 10_000;
export const CALLBACK_BACKOFF_FACTOR = 4;
/** ...up to this, which no wait passes, a receiver's `Retry-After` included. */
export const CALLBACK_MAX_RETRY_DELAY_MS = 60 * 60_000;
/** Each wait is up to this share shorter, at random, so that callbacks failed together spread out. */
export const CALLBACK_RETRY_JITTER = 0.2;

/** The policy in one line, for the docs and the job's record. */
export const CALLBACK_RETRY_POLICY =
  'at most 8 attempts over about 3 hours: a 2xx delivers; a 429, a 5xx, a timeout or a failed connection is tried again after 10 s, then 4 times longer each time up to 1 h (up to a fifth less at random, longer when Retry-After asks, up to 1 h); a 3xx or another 4xx is never tried again';

/**
 * How long to wait after failed attempt `attempt` (1 for the first) before the next one: the
 * backoff, less up to CALLBACK_RETRY_JITTER of it, or the receiver's `Retry-After` when that is
 * longer, never more than CALLBACK_MAX_RETRY_DELAY_MS. `random` gives [0, 1), as Math.random.
 */
export function callbackRetryDelayMs(
  attempt: number,
  retryAfterSeconds?: number,
  random: () => number = Math.random,
): number {
  const backoff = Math.min(
    CALLBACK_FIRST_RETRY_DELAY_MS * CALLBACK_BACKOFF_FACTOR ** Math.max(0, attempt - 1),
    CALLBACK_MAX_RETRY_DELAY_MS,
  );
  const jittered = Math.round(backoff * (1 - CALLBACK_RETRY_JITTER * random()));
  const asked = retryAfterSeconds === undefined ? 0 : retryAfterSeconds * 1000;
  return Math.min(Math.max(jittered, asked), CALLBACK_MAX_RETRY_DELAY_MS);
}
