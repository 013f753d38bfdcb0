import { randomUUID } from 'node:crypto';

import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

import { TcpProxy, TEST_REDIS_URL as REDIS_URL, waitUntil } from '@portal/testing';

import { leaseMsOf, LocalRoundLease, RedisRoundLease, ROUND_LEASE_TIMEOUT_MS } from './round-lease';

describe('leaseMsOf', () => {
  it.each([
    [100, 90],
    [1000, 900],
    [60_000, 54_000],
    [105, 94],
  ])(
    'lets a lease of an interval of %i ms lapse after %i ms, before its holder ticks again',
    (interval, lease) => {
      expect(leaseMsOf(interval)).toBe(lease);
    },
  );
});

describe(LocalRoundLease.name, () => {
  it('grants each round once per lease, and again once it lapses', async () => {
    let now = 0;
    const sut = new LocalRoundLease(() => now);
    expect(await sut.tryAcquire('reach', 1000)).toBe(true);
    now = 899;
    expect(await sut.tryAcquire('reach', 1000)).toBe(false);
    expect(await sut.tryAcquire('cleanup', 1000)).toBe(true);
    now = 900;
    expect(await sut.tryAcquire('reach', 1000)).toBe(true);
  });
});

describe(RedisRoundLease.name, () => {
  let warn: jest.SpyInstance;
  const leases: RedisRoundLease[] = [];
  let prefix: string;

  /** A replica's lease, once connected. */
  const replica = async (name: string, url = REDIS_URL): Promise<RedisRoundLease> => {
    const lease = new RedisRoundLease(url, prefix, name);
    leases.push(lease);
    // Connected once a probe round of its own is refused the second time (until then it fails open).
    await waitUntil(async () => {
      const round = `probe-${randomUUID()}`;
      return (await lease.tryAcquire(round, 60_000)) && !(await lease.tryAcquire(round, 60_000));
    }, `${name} reaches ${url}`);
    // What it said while connecting (it ran those probe rounds without a lease) is not the test's.
    warn.mockClear();
    return lease;
  };

  beforeEach(() => {
    prefix = `test-leases-${randomUUID()}:`;
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    await Promise.all(leases.splice(0).map((lease) => lease.onApplicationShutdown()));
    warn.mockRestore();
  });

  it('grants a round to one replica per interval, the holder named in Redis, and to the first to ask once it lapses', async () => {
    const first = await replica('pod-a:1');
    const second = await replica('pod-b:1');
    expect(await first.tryAcquire('reach', 400)).toBe(true);
    expect(await second.tryAcquire('reach', 400)).toBe(false);
    expect(await first.tryAcquire('reach', 400)).toBe(false);
    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.get(`${prefix}lease:reach`)).toBe('pod-a:1');
      const left = await redis.pttl(`${prefix}lease:reach`);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(leaseMsOf(400));
    } finally {
      redis.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, leaseMsOf(400) + 20));
    expect(await second.tryAcquire('reach', 400)).toBe(true);
    expect(await first.tryAcquire('reach', 400)).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('runs the round (fail open) while Redis is unreachable, and says why', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const down = new RedisRoundLease('redis://127.0.0.1:1', prefix, 'pod-a:1');
    leases.push(down);
    try {
      expect(await down.tryAcquire('reach', 1000)).toBe(true);
      expect(await down.tryAcquire('reach', 1000)).toBe(true);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatchObject({ msg: expect.stringMatching(/^Redis is unreachable \(/) });
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('runs the round when Redis does not answer in time, and says that it did not answer', async () => {
    const target = new URL(REDIS_URL);
    const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    try {
      const slow = await replica('pod-a:1', proxy.via(REDIS_URL));
      proxy.pause();
      const started = performance.now();
      expect(await slow.tryAcquire('reach', 1000)).toBe(true);
      expect(performance.now() - started).toBeGreaterThanOrEqual(ROUND_LEASE_TIMEOUT_MS - 1);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatchObject({
        msg: 'Redis did not answer within 1000 ms; the reach round runs on this replica without its lease (rounds are idempotent)',
        waitedMs: 1000,
      });
    } finally {
      await proxy.close();
    }
  });
});
