import { randomUUID } from 'node:crypto';

import { Redis } from 'ioredis';

import { TcpProxy, TEST_REDIS_URL as REDIS_URL, waitUntil } from '@portal/testing';

import {
  CALLER_COUNT_TIMEOUT_MS,
  type CallerCount,
  MemoryCallerCountStore,
  type RateWindow,
  RedisCallerCountStore,
  type RedisCallerCountOptions,
} from './caller-count-store';

const window = (windowMs: number, limit: number): RateWindow => ({
  keyPrefix: `default:${windowMs}:`,
  windowMs,
  limit,
});
/** Rates no test of the requests in flight reaches. */
const WIDE = [window(60_000, 1000), window(1000, 1000)];

describe(MemoryCallerCountStore.name, () => {
  it('counts hits in a fixed window and starts again once it closes', () => {
    let now = 1_000;
    const store = new MemoryCallerCountStore(() => now);
    expect(store.hit('a', 1000)).toEqual({ count: 1, resetMs: 1000 });
    now += 400;
    expect(store.hit('a', 1000)).toEqual({ count: 2, resetMs: 600 });
    expect(store.hit('b', 1000)).toEqual({ count: 1, resetMs: 1000 });
    now += 600;
    expect(store.hit('a', 1000)).toEqual({ count: 1, resetMs: 1000 });
  });

  it("counts a caller's windows apart, and holds no place: requests in flight are CallerLimits'", () => {
    const store = new MemoryCallerCountStore(() => 0);
    store.count('sub:alice', false, [window(60_000, 5), window(1000, 3)]);
    expect(store.count('sub:alice', true, [window(60_000, 5), window(1000, 3)])).toEqual({
      windows: [
        { count: 2, resetMs: 60_000 },
        { count: 2, resetMs: 1000 },
      ],
    });
    expect(store.count('sub:bob', false, [window(60_000, 5)]).windows).toEqual([
      { count: 1, resetMs: 60_000 },
    ]);
  });

  it('forgets closed windows, so that callers gone do not pile up', () => {
    let now = 0;
    const store = new MemoryCallerCountStore(() => now);
    for (let caller = 0; caller < 100; caller += 1) store.hit(`caller-${caller}`, 1000);
    expect(store.size).toBe(100);
    now += 20_000;
    store.hit('late', 1000);
    expect(store.size).toBe(1);
  });
});

describe(RedisCallerCountStore.name, () => {
  const warn = jest.fn();
  const stores: RedisCallerCountStore[] = [];
  let prefix: string;

  /** A replica's store, once it has reached Redis (a loaded machine may take a moment). */
  const replica = async (options: Partial<RedisCallerCountOptions> = {}): Promise<RedisCallerCountStore> => {
    const store = new RedisCallerCountStore(
      { url: REDIS_URL, prefix, maxRequestsPerCaller: 3, maxStreamsPerCaller: 1, ...options },
      { warn },
    );
    stores.push(store);
    await waitUntil(async () => {
      const probe = await store.count(`probe-${randomUUID()}`, false, WIDE);
      if (probe.hold) store.release(probe.hold);
      return probe.windows !== undefined;
    }, `the store reaches ${REDIS_URL}`);
    return store;
  };

  beforeEach(() => {
    // A prefix of each test's own, as a TENANT of its own: parallel runs on one Redis never meet.
    prefix = `test-callers-${randomUUID()}:`;
    warn.mockClear();
  });

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  it('counts rate windows in Redis: every replica sees the same count, and a window starts again once it ends', async () => {
    // Requests in flight never bind here: none is given back.
    const wide = { maxRequestsPerCaller: 100 };
    const [first, second] = [await replica(wide), await replica(wide)];
    const windows = [window(60_000, 1000), window(50, 1000)];
    expect((await first.count('sub:alice', false, windows)).windows?.[0].count).toBe(1);
    expect((await second.count('sub:alice', false, windows)).windows?.[0].count).toBe(2);
    const third = await first.count('sub:alice', false, windows);
    expect(third.windows?.map((counted) => counted.count)).toEqual([3, expect.any(Number)]);
    expect(third.windows?.[0].resetMs).toBeGreaterThan(0);
    expect(third.windows?.[0].resetMs).toBeLessThanOrEqual(60_000);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await second.count('sub:alice', false, windows)).windows?.[1].count).toBe(1);
    expect((await second.count('sub:bob', false, windows)).windows?.[0].count).toBe(1);
  });

  it("counts a caller's requests in flight across replicas, refusing past its bound without counting the rate", async () => {
    const [first, second] = [await replica(), await replica()];
    const rates = [window(60_000, 1000), window(1000, 1000)];
    const held: CallerCount[] = [
      await first.count('sub:alice', false, rates),
      await second.count('sub:alice', false, rates),
      await first.count('sub:alice', false, rates),
    ];
    expect(held.every((count) => count.hold !== undefined && count.refusal === undefined)).toBe(true);
    const refused = await second.count('sub:alice', false, rates);
    expect(refused).toEqual({ windows: undefined, refusal: 'caller-requests' });
    // Another caller, and the same subject by address, have their own counts.
    expect((await second.count('sub:bob', false, rates)).refusal).toBeUndefined();
    expect((await second.count('ip:alice', false, rates)).refusal).toBeUndefined();

    // The refusal counted no hit: the third request admitted was the minute's third.
    first.release(held[0].hold!);
    const again = await second.count('sub:alice', false, rates);
    expect(again.refusal).toBeUndefined();
    expect(again.windows?.[0].count).toBe(4);
    expect([first.placesHeld, second.placesHeld]).toEqual([1, 4]);
  });

  it("bounds a caller's streams across replicas, within its requests", async () => {
    const [first, second] = [await replica(), await replica()];
    const stream = await first.count('sub:alice', true, WIDE);
    expect(stream.hold?.streams).toBe(`${prefix}streams:sub:alice`);
    expect(await second.count('sub:alice', true, WIDE)).toEqual({
      windows: undefined,
      refusal: 'caller-streams',
    });
    // Her ordinary requests still have room; the stream counts among them.
    expect((await second.count('sub:alice', false, WIDE)).refusal).toBeUndefined();
    expect((await second.count('sub:alice', false, WIDE)).refusal).toBeUndefined();
    expect((await second.count('sub:alice', false, WIDE)).refusal).toBe('caller-requests');
    first.release(stream.hold!);
    await waitUntil(
      async () => (await second.count('sub:alice', true, WIDE)).refusal === undefined,
      'the stream given back on one replica frees the place on the other',
    );
  });

  it('takes no place for a request past its rate', async () => {
    const store = await replica();
    const rates = [window(60_000, 1), window(1000, 1000)];
    expect((await store.count('sub:alice', false, rates)).hold).toBeDefined();
    const past = await store.count('sub:alice', false, rates);
    expect(past.windows?.[0].count).toBe(2);
    expect(past.hold).toBeUndefined();
    expect(store.placesHeld).toBe(1);
  });

  it("forgets a crashed replica's places once their lease ends, and keeps a long request's by renewing it", async () => {
    const lease = { placeLeaseMs: 600, placeRenewalMs: 150 };
    const crashing = await replica(lease);
    const surviving = await replica(lease);
    // The crashing replica holds all three of Alice's places, then stops without giving them back.
    for (let sent = 0; sent < 3; sent += 1) await crashing.count('sub:alice', false, WIDE);
    expect(stores.splice(stores.indexOf(crashing), 1)).toHaveLength(1);
    await crashing.close();
    expect((await surviving.count('sub:alice', false, WIDE)).refusal).toBe('caller-requests');
    await waitUntil(
      async () => (await surviving.count('sub:alice', false, WIDE)).refusal === undefined,
      "the crashed replica's places expire",
    );

    // A request that outlasts several leases keeps its place while it is in flight.
    const long = await surviving.count('sub:bob', false, WIDE);
    await surviving.count('sub:bob', false, WIDE);
    await surviving.count('sub:bob', false, WIDE);
    await new Promise((resolve) => setTimeout(resolve, 3 * lease.placeLeaseMs));
    const other = await replica(lease);
    expect((await other.count('sub:bob', false, WIDE)).refusal).toBe('caller-requests');
    surviving.release(long.hold!);
    await waitUntil(
      async () => (await other.count('sub:bob', false, WIDE)).refusal === undefined,
      'the long request given back frees its place',
    );
  });

  it('writes the places of requests still in flight again once Redis has lost them', async () => {
    const store = await replica({ placeLeaseMs: 60_000, placeRenewalMs: 100 });
    const held = await store.count('sub:alice', false, WIDE);
    const redis = new Redis(REDIS_URL);
    try {
      await redis.del(`${prefix}inflight:sub:alice`);
      await waitUntil(
        async () => (await redis.zscore(`${prefix}inflight:sub:alice`, held.hold!.member)) !== null,
        'the renewal writes the place again',
      );
    } finally {
      redis.disconnect();
    }
  });

  it('lets requests through uncounted while Redis is unreachable, and says so once', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const logger = { warn: jest.fn() };
    const down = new RedisCallerCountStore(
      { url: 'redis://127.0.0.1:1', prefix, maxRequestsPerCaller: 1, maxStreamsPerCaller: 1 },
      logger,
    );
    try {
      const first = await down.count('sub:alice', false, WIDE);
      const second = await down.count('sub:alice', false, WIDE);
      expect([first.windows, first.refusal, second.windows, second.refusal]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.warn.mock.calls[0][1]).toBe(
        'Redis is unreachable (connection refused); requests in flight are counted by this replica alone and rate limits are not enforced (requests are let through)',
      );
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      await down.close();
      consoleError.mockRestore();
    }
  });

  it('says Redis did not answer in time, not that it is unreachable, when its answers stop coming', async () => {
    const target = new URL(REDIS_URL);
    const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    const logger = { warn: jest.fn() };
    const slow = new RedisCallerCountStore(
      { url: proxy.via(REDIS_URL), prefix, maxRequestsPerCaller: 3, maxStreamsPerCaller: 1 },
      logger,
    );
    try {
      await waitUntil(
        async () => (await slow.count('sub:probe', false, WIDE)).windows !== undefined,
        'connected',
      );
      logger.warn.mockClear();
      proxy.pause();
      const started = performance.now();
      const count = await slow.count('sub:alice', false, WIDE);
      expect(performance.now() - started).toBeGreaterThanOrEqual(CALLER_COUNT_TIMEOUT_MS - 1);
      // Let through on this replica's own counts; its place (it may have been taken) is given back later.
      expect(count.windows).toBeUndefined();
      expect(count.hold).toBeDefined();
      expect(logger.warn).toHaveBeenCalledTimes(1);
      const [fields, message] = logger.warn.mock.calls[0] as [Record<string, unknown>, string];
      expect(message).toBe(
        'Redis did not answer within 250 ms; requests in flight are counted by this replica alone and rate limits are not enforced (requests are let through)',
      );
      expect(fields).toMatchObject({ waitedMs: 250, timerLateMs: expect.any(Number) });
    } finally {
      await slow.close();
      await proxy.close();
    }
  });
});
