import { Redis } from 'ioredis';
import type { Logger } from 'pino';

import { answerWithin } from './redis-deadline';
import { reportRedisErrors, ThrottledWarnings, warnOfRedisTrouble } from './redis-warnings';

/** One fixed window's count after a hit. */
export interface WindowCount {
  readonly count: number;
  /** Milliseconds until the window closes and the count starts again. */
  readonly resetMs: number;
}

/** Counts hits per key in fixed windows; shared by replicas when it is Redis. */
export interface RateLimitStore {
  /**
   * Counts one hit of `key` in its window of `windowMs`; undefined when the count is unknown. A
   * store in this process answers at once, so that a request does not wait on a promise for it.
   */
  hit(key: string, windowMs: number): WindowCount | undefined | Promise<WindowCount | undefined>;
  close(): Promise<void>;
}

/** A window's count in this process: the store without REDIS_URL (one replica). */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, windowMs: number): WindowCount {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.endsAt - now };
  }

  /** Closed windows are dropped now and then, so that the map holds the active callers only. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 10_000;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }
}

/** INCR and, on the window's first hit, PEXPIRE, atomically; answers the count and the time left. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** How long a hit may wait for Redis before the request goes on without it. */
const REDIS_COMMAND_TIMEOUT_MS = 250;
/** What the limits do while Redis fails them: a warning's second half. */
const MEANWHILE = 'rate limits are not enforced (requests are let through)';

/**
 * The count in Redis, shared by every replica. A Redis outage must not become an API outage: a
 * hit that fails (Redis down, slow or refusing) answers undefined and the request is let through,
 * with a warning logged at most every 30 s.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  /** Failed hits and connection errors alike: one line per 30 s while Redis is down, not one per request. */
  private readonly warnings: ThrottledWarnings;
  /** Once Redis has answered or failed once, a hit no longer waits for it to connect. */
  private firstAttemptOver = false;

  constructor(
    url: string,
    logger: Pick<Logger, 'warn'>,
    private readonly prefix = 'ratelimit:',
  ) {
    this.redis = new Redis(url, {
      // Fail at once while disconnected rather than queue requests behind a reconnect; the time a
      // request waits for an answer is answerWithin's, which does not blame Redis for a late timer.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: false,
    });
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.warnings = new ThrottledWarnings((fields, message) => logger.warn(fields, message));
    reportRedisErrors([this.redis], this.warnings, {
      meanwhile: MEANWHILE,
      onError: () => {
        this.firstAttemptOver = true;
      },
    });
    this.redis.once('ready', () => {
      this.firstAttemptOver = true;
    });
  }

  async hit(key: string, windowMs: number): Promise<WindowCount | undefined> {
    try {
      if (this.redis.status !== 'ready') await this.connected();
      const redis = this.redis as Redis & {
        rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
      };
      const [count, resetMs] = await answerWithin(
        redis.rateLimitHit(`${this.prefix}${key}`, windowMs),
        REDIS_COMMAND_TIMEOUT_MS,
      );
      return { count, resetMs };
    } catch (error) {
      warnOfRedisTrouble(this.warnings, error, MEANWHILE);
      return undefined;
    }
  }

  /**
   * The first hits after start-up wait for the connection, as long as a command may take; during
   * an outage a hit does not wait, so that requests go through at full speed.
   */
  private async connected(): Promise<void> {
    if (this.redis.status === 'end') throw new Error('The Redis connection is closed');
    if (this.firstAttemptOver) throw new Error(`Redis is not connected (${this.redis.status})`);
    let timer: NodeJS.Timeout | undefined;
    let onReady: (() => void) | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        onReady = resolve;
        this.redis.once('ready', onReady);
        timer = setTimeout(() => reject(new Error('Redis is not connected')), REDIS_COMMAND_TIMEOUT_MS);
      });
    } finally {
      clearTimeout(timer);
      if (onReady) this.redis.off('ready', onReady);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    return Promise.resolve();
  }
}
