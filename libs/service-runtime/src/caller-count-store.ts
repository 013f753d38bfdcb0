import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';
import type { Logger } from 'pino';

import { answerWithin } from './redis-deadline';
import type { ServiceEnvironment } from './service-environment';
import { reportRedisErrors, ThrottledWarnings, warnOfRedisTrouble } from './redis-warnings';

/** One fixed window's count after a hit. */
export interface WindowCount {
  readonly count: number;
  /** Milliseconds until the window closes and the count starts again. */
  readonly resetMs: number;
}

/** A fixed window of a rate limit: its length and the hits it allows one caller. */
export interface RateWindow {
  /** The window's key before the caller's: its policy and length (`default:60000:`). */
  readonly keyPrefix: string;
  readonly windowMs: number;
  readonly limit: number;
}

/** The shared count of a caller's requests, or of its streams, in flight refuses the request. */
export type SharedRefusal = 'caller-requests' | 'caller-streams';

/** A request's place in the shared count of requests in flight, given back when it closes. */
export interface SharedHold {
  /** The sorted sets it is in: its caller's requests, and its streams when it is one. */
  readonly requests: string;
  readonly streams: string | undefined;
  /** Its id there, unique across replicas. */
  readonly member: string;
  /** When it was taken (performance.now()). */
  readonly since: number;
}

/** What the store counted for one request. */
export interface CallerCount {
  /** Each window's count after this request's hit, in the order given; undefined when unknown. */
  readonly windows: readonly WindowCount[] | undefined;
  /** Set when the shared count of requests in flight refused the request: then nothing counted. */
  readonly refusal?: SharedRefusal;
  /** The place the request holds in the shared count, to `release` when its response closes. */
  readonly hold?: SharedHold;
}

/**
 * A caller's counts: its hits in each rate window and, where replicas share them, its requests in
 * flight. A store in this process answers at once, so that a request does not wait on a promise.
 */
export interface CallerCountStore {
  /** Counts one request of `caller` (`sub:...` or `ip:...`), a stream when `stream`. */
  count(caller: string, stream: boolean, windows: readonly RateWindow[]): CallerCount | Promise<CallerCount>;
  /** Gives back the place `count` gave a request; once, when its response closes. */
  release(hold: SharedHold): void;
  close(): Promise<void>;
}

/**
 * The rate windows in this process: the store without REDIS_URL (one replica). Requests in flight
 * are this process's own counts (CallerLimits), which are then every count there is.
 */
export class MemoryCallerCountStore implements CallerCountStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  count(caller: string, _stream: boolean, windows: readonly RateWindow[]): CallerCount {
    return { windows: windows.map((window) => this.hit(window.keyPrefix + caller, window.windowMs)) };
  }

  /** Counts one hit of `key` in its window of `windowMs`. */
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

  release(): void {
    // Nothing is held here: the process's own counts are given back by CallerLimits.
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

/**
 * In one call, atomically: drops the caller's places in flight that expired (their replica
 * crashed), refuses past its bound of requests, or of streams, counting nothing; else counts a
 * hit in each rate window (INCR, and PEXPIRE on the window's first) and, when every window is
 * within its limit, takes a place for the request. Times are Redis's own (TIME), so that replicas'
 * clocks never disagree about an expiry.
 * KEYS[1], KEYS[2]: the caller's requests and streams in flight, sorted sets of request ids scored
 * by when their place expires; KEYS[3..]: its rate windows. ARGV[1]: the request's id; ARGV[2]:
 * how long its place lasts (ms); ARGV[3], ARGV[4]: the caller's bounds of requests and of streams
 * (0: the request is no stream); then each window's length (ms) and limit.
 * Answers {1} or {2} when its requests or its streams refuse it, else {0, then each window's count
 * and milliseconds left}.
 */
const COUNT_SCRIPT = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local streams = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return {1} end
if streams > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  if redis.call('ZCARD', KEYS[2]) >= streams then return {2} end
end
local answer = {0}
local within = true
for index = 3, #KEYS do
  local windowMs = ARGV[2 * index - 1]
  local count = redis.call('INCR', KEYS[index])
  local left = -1
  if count > 1 then left = redis.call('PTTL', KEYS[index]) end
  if left < 0 then
    redis.call('PEXPIRE', KEYS[index], windowMs)
    left = tonumber(windowMs)
  end
  answer[#answer + 1] = count
  answer[#answer + 1] = left
  if count > tonumber(ARGV[2 * index]) then within = false end
end
if within then
  local lease = tonumber(ARGV[2])
  redis.call('ZADD', KEYS[1], now + lease, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], lease)
  if streams > 0 then
    redis.call('ZADD', KEYS[2], now + lease, ARGV[1])
    redis.call('PEXPIRE', KEYS[2], lease)
  end
end
return answer
`;

/**
 * Renews places in flight for another lease from now, writing them again should they have gone
 * (expired while Redis was away, or lost with a Redis restart): the requests are still in flight.
 * KEYS: sorted sets; ARGV[1]: how long a place lasts (ms); ARGV[i + 1]: the id to renew in KEYS[i].
 */
const RENEW_SCRIPT = `
local clock = redis.call('TIME')
local expires = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000) + tonumber(ARGV[1])
for index = 1, #KEYS do
  redis.call('ZADD', KEYS[index], expires, ARGV[index + 1])
  redis.call('PEXPIRE', KEYS[index], ARGV[1])
end
return #KEYS
`;

/** How long a request may wait for Redis before it goes on without it. */
export const CALLER_COUNT_TIMEOUT_MS = 250;

/**
 * How long a place in flight lasts unless its replica renews it: how long a crashed replica's
 * requests go on counting against their callers. A request that lasts longer (a stream, a render,
 * a slow client) has its place renewed every PLACE_RENEWAL_MS while it is in flight, so no bound
 * on a request's length is needed; 30 s outlasts two renewals lost to a Redis hiccup.
 */
const PLACE_LEASE_MS = 30_000;
const PLACE_RENEWAL_MS = 10_000;

/** What the limits do while Redis fails them: a warning's second half. */
const MEANWHILE =
  'requests in flight are counted by this replica alone and rate limits are not enforced (requests are let through)';

const REFUSALS: Readonly<Record<number, SharedRefusal>> = { 1: 'caller-requests', 2: 'caller-streams' };

type CountingRedis = Redis & {
  countCaller(...args: (string | number)[]): Promise<number[]>;
  renewPlaces(...args: (string | number)[]): Promise<number>;
};

export interface RedisCallerCountOptions {
  readonly url: string;
  /** `<service>:<tenant>:`: the counts of services and tenants sharing one Redis stay apart. */
  readonly prefix: string;
  readonly maxRequestsPerCaller: number;
  readonly maxStreamsPerCaller: number;
  /** Tests shorten them; the service keeps 30 s and 10 s. */
  readonly placeLeaseMs?: number;
  readonly placeRenewalMs?: number;
}

/**
 * The counts in Redis, shared by every replica: each rate window, and each caller's requests and
 * streams in flight, in one script call per request (COUNT_SCRIPT); a place is given back by a
 * ZREM nobody waits for when the response closes. A Redis outage must not become an API outage:
 * a count Redis does not answer within 250 ms lets the request through on this replica's own
 * counts of requests in flight (CallerLimits, still a bound) without a rate limit, and the
 * component logs what happened at most every 30 s.
 */
export class RedisCallerCountStore implements CallerCountStore {
  private readonly redis: CountingRedis;
  /** Failed counts and connection errors alike: a line per 30 s and kind of trouble, not one per request. */
  private readonly warnings: ThrottledWarnings;
  /** Settles with the first connection attempt; until then a count waits for it (within its deadline). */
  private readonly firstAttempt: Promise<void>;
  private firstAttemptOver = false;
  /** This replica's places in flight, by member, oldest first (a Map keeps insertion order). */
  private readonly places = new Map<string, SharedHold>();
  /** Names this process's places apart from other replicas'. */
  private readonly replica = randomBytes(6).toString('base64url');
  private sequence = 0;
  private readonly renewal: NodeJS.Timeout;
  private readonly prefix: string;
  private readonly placeLeaseMs: number;
  private readonly placeRenewalMs: number;

  constructor(
    private readonly options: RedisCallerCountOptions,
    logger: Pick<Logger, 'warn'>,
  ) {
    this.prefix = options.prefix;
    this.placeLeaseMs = options.placeLeaseMs ?? PLACE_LEASE_MS;
    this.placeRenewalMs = options.placeRenewalMs ?? PLACE_RENEWAL_MS;
    this.redis = new Redis(options.url, {
      // Fail at once while disconnected rather than queue requests behind a reconnect; the time a
      // request waits for an answer is answerWithin's, which does not blame Redis for a late timer.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: false,
    }) as CountingRedis;
    this.redis.defineCommand('countCaller', { lua: COUNT_SCRIPT });
    this.redis.defineCommand('renewPlaces', { lua: RENEW_SCRIPT });
    this.warnings = new ThrottledWarnings((fields, message) => logger.warn(fields, message));
    reportRedisErrors([this.redis], this.warnings, { meanwhile: MEANWHILE });
    this.firstAttempt = new Promise<void>((resolve, reject) => {
      this.redis.once('ready', resolve);
      this.redis.once('error', reject);
    }).finally(() => {
      this.firstAttemptOver = true;
    });
    // Awaited by the first counts; the error itself is reported by reportRedisErrors.
    this.firstAttempt.catch(() => undefined);
    this.renewal = setInterval(() => this.renewPlaces(), this.placeRenewalMs);
    this.renewal.unref();
  }

  async count(caller: string, stream: boolean, windows: readonly RateWindow[]): Promise<CallerCount> {
    const place: SharedHold = {
      requests: `${this.prefix}inflight:${caller}`,
      streams: stream ? `${this.prefix}streams:${caller}` : undefined,
      member: `${this.replica}:${(this.sequence += 1)}`,
      since: performance.now(),
    };
    // Taken before the answer, so that the map stays in age order, and kept whatever Redis does:
    // renewal writes it (again) should the request last, whether or not Redis counted it now.
    this.places.set(place.member, place);
    // KEYS[2] is read only for a stream: any key does for the others.
    const args: (string | number)[] = [2 + windows.length, place.requests, place.streams ?? place.requests];
    for (const window of windows) args.push(`${this.prefix}rate:${window.keyPrefix}${caller}`);
    args.push(
      place.member,
      this.placeLeaseMs,
      this.options.maxRequestsPerCaller,
      stream ? this.options.maxStreamsPerCaller : 0,
    );
    for (const window of windows) args.push(window.windowMs, window.limit);
    try {
      const answer = await answerWithin(this.send(args), CALLER_COUNT_TIMEOUT_MS);
      const refusal = REFUSALS[answer[0]];
      if (refusal) {
        this.places.delete(place.member);
        return { windows: undefined, refusal };
      }
      const counts: WindowCount[] = [];
      let within = true;
      for (let index = 0; index < windows.length; index += 1) {
        const count = answer[1 + 2 * index];
        counts.push({ count, resetMs: answer[2 + 2 * index] });
        if (count > windows[index].limit) within = false;
      }
      if (within) return { windows: counts, hold: place };
      this.places.delete(place.member);
      return { windows: counts };
    } catch (error) {
      warnOfRedisTrouble(this.warnings, error, MEANWHILE);
      return { windows: undefined, hold: place };
    }
  }

  /** The first counts after start-up wait for the connection; later ones never wait for a reconnect. */
  private async send(args: (string | number)[]): Promise<number[]> {
    if (!this.firstAttemptOver) await this.firstAttempt;
    return this.redis.countCaller(...args);
  }

  release(place: SharedHold): void {
    this.places.delete(place.member);
    // Without a connection its place expires with its lease; the counts' warnings say Redis is away.
    if (this.redis.status !== 'ready') return;
    const failed = (error: unknown) => warnOfRedisTrouble(this.warnings, error, MEANWHILE);
    this.redis.zrem(place.requests, place.member).catch(failed);
    if (place.streams) this.redis.zrem(place.streams, place.member).catch(failed);
  }

  /** Renews the places of the requests in flight for longer than a renewal period, in one call. */
  private renewPlaces(): void {
    if (this.redis.status !== 'ready') return;
    const takenBefore = performance.now() - this.placeRenewalMs;
    const keys: string[] = [];
    const members: string[] = [];
    for (const place of this.places.values()) {
      // Oldest first: every place after a young one is younger still.
      if (place.since > takenBefore) break;
      keys.push(place.requests);
      members.push(place.member);
      if (place.streams) {
        keys.push(place.streams);
        members.push(place.member);
      }
    }
    if (keys.length === 0) return;
    this.redis
      .renewPlaces(keys.length, ...keys, this.placeLeaseMs, ...members)
      .catch((error: unknown) => warnOfRedisTrouble(this.warnings, error, MEANWHILE));
  }

  /** Requests of this replica holding a place in the shared count. */
  get placesHeld(): number {
    return this.places.size;
  }

  close(): Promise<void> {
    clearInterval(this.renewal);
    this.redis.disconnect();
    return Promise.resolve();
  }
}

/**
 * The store of a service: in Redis with REDIS_URL, shared by the replicas under
 * `<service>:<TENANT>:`; else in this process (one replica).
 */
export function callerCountStoreOf(
  service: string,
  env: Pick<
    ServiceEnvironment,
    'REDIS_URL' | 'TENANT' | 'MAX_CONCURRENT_PER_CALLER' | 'MAX_STREAMS_PER_CALLER'
  >,
  logger: Pick<Logger, 'warn'>,
): CallerCountStore {
  if (!env.REDIS_URL) return new MemoryCallerCountStore();
  return new RedisCallerCountStore(
    {
      url: env.REDIS_URL,
      prefix: `${service}:${env.TENANT}:`,
      maxRequestsPerCaller: env.MAX_CONCURRENT_PER_CALLER,
      maxStreamsPerCaller: env.MAX_STREAMS_PER_CALLER,
    },
    logger,
  );
}
