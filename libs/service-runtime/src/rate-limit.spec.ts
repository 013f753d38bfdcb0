import { randomUUID } from 'node:crypto';

import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

import { TooManyRequestsError } from '@portal/problem-details';

import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limit-store';
import { DEFAULT_RATE_LIMIT_POLICY, RateLimit, RateLimitGuard, SkipRateLimit } from './rate-limit.guard';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

class Routes {
  plain(this: void): void {}

  @RateLimit('render')
  render(this: void): void {}

  @SkipRateLimit()
  health(this: void): void {}
}

interface Call {
  readonly headers: Record<string, string>;
  readonly error?: unknown;
}

function guardOn(store: RateLimitStore, service = `svc-${randomUUID()}`): RateLimitGuard {
  return new RateLimitGuard(new Reflector(), store, service, {
    [DEFAULT_RATE_LIMIT_POLICY]: { perMinute: 5, burstPerSecond: 3 },
    render: { perMinute: 2, burstPerSecond: 2 },
  });
}

async function call(
  guard: RateLimitGuard,
  caller: { subject?: string; ip?: string },
  handler: keyof Routes = 'plain',
): Promise<Call> {
  const headers: Record<string, string> = {};
  const request = {
    ip: caller.ip ?? '192.0.2.1',
    principal: caller.subject ? { subject: caller.subject, roles: new Set<string>() } : undefined,
  };
  const reply = { headers: (values: Record<string, string>) => Object.assign(headers, values) };
  const context = {
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
  } as unknown as ExecutionContext;
  try {
    expect(await guard.canActivate(context)).toBe(true);
    return { headers };
  } catch (error) {
    return { headers, error };
  }
}

describe('MemoryRateLimitStore', () => {
  it('counts hits in a fixed window and starts again once it closes', () => {
    let now = 1_000;
    const store = new MemoryRateLimitStore(() => now);
    expect(store.hit('a', 1000)).toEqual({ count: 1, resetMs: 1000 });
    now += 400;
    expect(store.hit('a', 1000)).toEqual({ count: 2, resetMs: 600 });
    expect(store.hit('b', 1000)).toEqual({ count: 1, resetMs: 1000 });
    now += 600;
    expect(store.hit('a', 1000)).toEqual({ count: 1, resetMs: 1000 });
  });

  it('forgets closed windows, so that callers gone do not pile up', () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now);
    for (let caller = 0; caller < 100; caller += 1) store.hit(`caller-${caller}`, 1000);
    expect(store.size).toBe(100);
    now += 20_000;
    store.hit('late', 1000);
    expect(store.size).toBe(1);
  });
});

describe('RedisRateLimitStore', () => {
  const warn = jest.fn();
  /**
   * A store once it has reached Redis: on a loaded machine its first hits may wait longer than a
   * command may take and fail open (uncounted), which is the store's behaviour, not the subject here.
   */
  const connectedStore = async (prefix: string): Promise<RedisRateLimitStore> => {
    const connecting = new RedisRateLimitStore(REDIS_URL, { warn }, prefix);
    for (let attempt = 0; attempt < 40; attempt += 1)
      if ((await connecting.hit('connect', 1_000)) !== undefined) return connecting;
    throw new Error(`No connection to ${REDIS_URL}`);
  };
  let store: RedisRateLimitStore;
  beforeAll(async () => {
    store = await connectedStore(`test-ratelimit-${randomUUID()}:`);
  });
  afterAll(() => store.close());

  it('counts in Redis: every store on the same Redis sees the same count', async () => {
    const prefix = `test-ratelimit-${randomUUID()}:`;
    const first = await connectedStore(prefix);
    const second = await connectedStore(prefix);
    try {
      expect((await first.hit('caller', 60_000))?.count).toBe(1);
      expect((await second.hit('caller', 60_000))?.count).toBe(2);
      const third = await first.hit('caller', 60_000);
      expect(third?.count).toBe(3);
      expect(third?.resetMs).toBeGreaterThan(0);
      expect(third?.resetMs).toBeLessThanOrEqual(60_000);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('starts a new window once the last one expired', async () => {
    expect((await store.hit('short', 50))?.count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await store.hit('short', 50))?.count).toBe(1);
  });

  it('answers undefined (let through) and warns once while Redis is unreachable', async () => {
    const logger = { warn: jest.fn() };
    const down = new RedisRateLimitStore('redis://127.0.0.1:1', logger);
    try {
      expect(await down.hit('caller', 60_000)).toBeUndefined();
      expect(await down.hit('caller', 60_000)).toBeUndefined();
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.warn.mock.calls[0][1]).toMatch(/Redis is unreachable/);
    } finally {
      await down.close();
    }
  });
});

describe('RateLimitGuard', () => {
  it('lets a caller through up to the burst, then answers 429 with when to retry', async () => {
    const guard = guardOn(new MemoryRateLimitStore(() => 0));
    for (let index = 1; index <= 3; index += 1) {
      const allowed = await call(guard, { subject: 'alice' });
      expect(allowed.error).toBeUndefined();
      expect(allowed.headers['ratelimit-remaining']).toBe(String(3 - index));
      expect(allowed.headers['ratelimit-limit']).toBe('3');
      expect(allowed.headers['x-ratelimit-limit']).toBe('3');
      expect(allowed.headers['ratelimit-policy']).toBe('5;w=60, 3;w=1');
    }
    const refused = await call(guard, { subject: 'alice' });
    expect(refused.error).toBeInstanceOf(TooManyRequestsError);
    expect((refused.error as TooManyRequestsError).retryAfterSeconds).toBe(1);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
  });

  it('keeps callers apart: by token subject, and by address without a token', async () => {
    const guard = guardOn(new MemoryRateLimitStore(() => 0));
    for (let index = 0; index < 3; index += 1) await call(guard, { subject: 'alice', ip: '192.0.2.7' });
    expect((await call(guard, { subject: 'alice', ip: '192.0.2.8' })).error).toBeDefined();
    expect((await call(guard, { subject: 'bob', ip: '192.0.2.7' })).error).toBeUndefined();
    expect((await call(guard, { ip: '192.0.2.7' })).error).toBeUndefined();
  });

  it('applies the minute budget once the bursts add up to it, with Retry-After up to the minute', async () => {
    let now = 0;
    const guard = guardOn(new MemoryRateLimitStore(() => now));
    for (let second = 0; second < 5; second += 1) {
      now = second * 1000;
      expect((await call(guard, { subject: 'alice' })).error).toBeUndefined();
    }
    now = 5000;
    const refused = await call(guard, { subject: 'alice' });
    expect(refused.error).toBeInstanceOf(TooManyRequestsError);
    expect((refused.error as TooManyRequestsError).retryAfterSeconds).toBe(55);
    expect(refused.headers['retry-after']).toBeUndefined(); // written by the problem renderer
    expect(refused.headers['ratelimit-limit']).toBe('5');
    expect(refused.headers['ratelimit-reset']).toBe('55');
  });

  it('counts a route of its own policy apart, and skips the exempt ones', async () => {
    const guard = guardOn(new MemoryRateLimitStore(() => 0));
    expect((await call(guard, { subject: 'alice' }, 'render')).error).toBeUndefined();
    expect((await call(guard, { subject: 'alice' }, 'render')).error).toBeUndefined();
    expect((await call(guard, { subject: 'alice' }, 'render')).error).toBeInstanceOf(TooManyRequestsError);
    expect((await call(guard, { subject: 'alice' })).error).toBeUndefined();
    for (let index = 0; index < 10; index += 1) {
      const health = await call(guard, { subject: 'alice' }, 'health');
      expect(health.error).toBeUndefined();
      expect(health.headers).toEqual({});
    }
  });

  it('enforces the same limits with a store that answers later (Redis)', async () => {
    const memory = new MemoryRateLimitStore();
    const guard = guardOn({
      hit: (key, windowMs) => Promise.resolve(memory.hit(key, windowMs)),
      close: () => Promise.resolve(),
    });
    for (let index = 0; index < 3; index += 1) {
      expect((await call(guard, { subject: 'alice' })).error).toBeUndefined();
    }
    const refused = await call(guard, { subject: 'alice' });
    expect(refused.error).toBeInstanceOf(TooManyRequestsError);
    expect(refused.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '0' });
  });

  it('lets every request through, without headers, while the store cannot count', async () => {
    const guard = guardOn({ hit: () => Promise.resolve(undefined), close: () => Promise.resolve() });
    for (let index = 0; index < 10; index += 1) {
      const allowed = await call(guard, { subject: 'alice' });
      expect(allowed.error).toBeUndefined();
      expect(allowed.headers).toEqual({});
    }
  });
});
