import { EventEmitter } from 'node:events';

import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

import { PaginatedList } from '@portal/pagination';
import { ServiceUnavailableError, TooManyRequestsError } from '@portal/problem-details';

import {
  type CallerCount,
  type CallerCountStore,
  MemoryCallerCountStore,
  type RateWindow,
  type SharedHold,
} from './caller-count-store';
import { CallerLimits, type CallerLimitsOptions } from './caller-limits';
import { CallerLimitsGuard } from './caller-limits.guard';
import {
  DEFAULT_RATE_LIMIT_POLICY,
  RateLimit,
  type RateLimitPolicy,
  SkipRateLimit,
} from './rate-limit.guard';

class Item {}

class Routes {
  read(this: void): void {}

  @PaginatedList(Item)
  list(this: void): void {}

  @SkipRateLimit()
  health(this: void): void {}

  @RateLimit('render')
  render(this: void): void {}
}

/** A controller whose class is exempt, sharing Routes' handlers by inheritance. */
@SkipRateLimit()
class ExemptRoutes extends Routes {}

/** A response as the guard sees it: closes once, and has a socket only where a test gives one. */
class FakeResponse extends EventEmitter {
  destroyed = false;
  socket: { bytesWritten: number; writableLength: number; destroy: jest.Mock } | null = null;
  /** The headers the guard set through the reply. */
  readonly headers: Record<string, string> = {};

  close(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

interface Call {
  readonly subject?: string;
  readonly ip?: string;
  readonly method?: string;
  readonly query?: Record<string, unknown>;
  readonly route?: keyof Routes;
  readonly type?: typeof Routes;
}

function contextOf(call: Call, response: FakeResponse): ExecutionContext {
  const request = {
    ip: call.ip ?? '192.0.2.1',
    method: call.method ?? 'GET',
    query: call.query ?? {},
    principal: call.subject === undefined ? undefined : { subject: call.subject, roles: new Set() },
  };
  const reply = {
    raw: response,
    headers: (values: Record<string, string>) => Object.assign(response.headers, values),
  };
  const args = [request, reply];
  return {
    getHandler: () => Routes.prototype[call.route ?? 'read'],
    getClass: () => call.type ?? Routes,
    getArgByIndex: (index: number) => args[index],
  } as unknown as ExecutionContext;
}

/** Limits no test of the other bound reaches. */
const WIDE_RATES: Readonly<Record<string, RateLimitPolicy>> = {
  [DEFAULT_RATE_LIMIT_POLICY]: { perMinute: 1000, burstPerSecond: 1000 },
};

function guardOf(
  limits: CallerLimits,
  store: CallerCountStore = new MemoryCallerCountStore(),
  policies: Readonly<Record<string, RateLimitPolicy>> = WIDE_RATES,
): CallerLimitsGuard {
  return new CallerLimitsGuard(new Reflector(), { limits, store, policies, writeDeadlineMs: 10_000 });
}

describe(`${CallerLimitsGuard.name}: requests in flight`, () => {
  let limits: CallerLimits;
  let sut: CallerLimitsGuard;

  /** Runs the guard; the response it counted, or what it threw. */
  const send = (call: Call): { response: FakeResponse; error?: unknown } => {
    const response = new FakeResponse();
    try {
      expect(sut.canActivate(contextOf(call, response))).toBe(true);
      return { response };
    } catch (error) {
      return { response, error };
    }
  };

  beforeEach(() => {
    limits = new CallerLimits({ maxRequestsPerCaller: 2, maxStreamsPerCaller: 1, maxStreams: 2 });
    sut = guardOf(limits);
  });

  it("answers a caller's request past its bound with a 429 and Retry-After, and counts it again once one has closed", () => {
    const first = send({ subject: 'alice' });
    send({ subject: 'alice' });
    const refused = send({ subject: 'alice' });
    expect(refused.error).toBeInstanceOf(TooManyRequestsError);
    expect(refused.error).toMatchObject({
      status: 429,
      retryAfterSeconds: 1,
      message: 'Too many requests of this caller in flight: at most 2 at once; retry after 1 s.',
    });
    expect(send({ subject: 'bob' }).error).toBeUndefined();

    first.response.close();
    expect(limits.requestsOf('alice')).toBe(1);
    expect(send({ subject: 'alice' }).error).toBeUndefined();
  });

  it('gives back once, however often the response says it closed', () => {
    const { response } = send({ subject: 'alice' });
    send({ subject: 'alice' });
    response.close();
    response.close();
    expect(limits.requestsOf('alice')).toBe(1);
  });

  it('counts the client address where no token was verified, apart from subjects', () => {
    send({ subject: '198.51.100.7' });
    send({ subject: '198.51.100.7' });
    expect(send({ ip: '198.51.100.7' }).error).toBeUndefined();
    expect(limits.requestsOf('198.51.100.7', true)).toBe(1);
  });

  it('leaves health and metrics alone', () => {
    for (let sent = 0; sent < 5; sent += 1) expect(send({ route: 'health' }).error).toBeUndefined();
    expect(limits.callers).toBe(0);
  });

  it("reads each controller's own metadata for a handler they share", () => {
    for (let sent = 0; sent < 3; sent += 1) send({ subject: 'alice' });
    expect(limits.requestsOf('alice')).toBe(2);
    for (let sent = 0; sent < 3; sent += 1)
      expect(send({ subject: 'alice', type: ExemptRoutes }).error).toBeUndefined();
    expect(send({ subject: 'alice' }).error).toBeInstanceOf(TooManyRequestsError);
  });

  it('counts nothing for a client already gone, whose close will not come again', () => {
    const response = new FakeResponse();
    response.destroyed = true;
    expect(sut.canActivate(contextOf({ subject: 'alice' }, response))).toBe(true);
    expect(limits.callers).toBe(0);
  });

  it("bounds a list's GET with PageSize=-1 as a stream: per caller 429, all together 503", () => {
    const stream = { route: 'list', query: { pagesize: ' -1' } } as const;
    const alices = send({ ...stream, subject: 'alice' });
    expect(limits.streamsInFlight).toBe(1);
    const again = send({ ...stream, subject: 'alice' });
    expect(again.error).toBeInstanceOf(TooManyRequestsError);
    expect(again.error).toMatchObject({ retryAfterSeconds: 5 });
    expect((again.error as Error).message).toMatch(/^Too many PageSize=-1 lists of this caller in flight/);

    send({ ...stream, subject: 'bob' });
    const busy = send({ ...stream, subject: 'carol' });
    expect(busy.error).toBeInstanceOf(ServiceUnavailableError);
    expect(busy.error).toMatchObject({ status: 503, retryAfterSeconds: 5, concernsOperator: false });
    // Carol's pages, and her request refused, are not held against her.
    expect(send({ route: 'list', subject: 'carol', query: { PageSize: '50' } }).error).toBeUndefined();
    expect(limits.requestsOf('carol')).toBe(1);

    alices.response.close();
    expect(send({ ...stream, subject: 'carol' }).error).toBeUndefined();
  });

  it.each<[string, Call]>([
    ['HEAD (the headers alone)', { route: 'list', method: 'HEAD', query: { PageSize: '-1' } }],
    ['a route that is no list', { route: 'read', query: { PageSize: '-1' } }],
    ['another page size', { route: 'list', query: { PageSize: '1000' } }],
    ['PageSize sent twice (a 400)', { route: 'list', query: { PageSize: '-1', pageSize: '-1' } }],
  ])('does not count %s as a stream', (_case, call) => {
    send({ ...call, subject: 'alice' });
    expect(limits.streamsInFlight).toBe(0);
    expect(limits.requestsOf('alice')).toBe(1);
  });

  it("puts a write deadline on a stream's connection, and on nothing else", () => {
    jest.useFakeTimers();
    try {
      const socketOf = (response: FakeResponse) => {
        response.socket = { bytesWritten: 1000, writableLength: 500, destroy: jest.fn() };
        return response.socket;
      };
      const streamResponse = new FakeResponse();
      const streamSocket = socketOf(streamResponse);
      expect(
        sut.canActivate(
          contextOf({ subject: 'alice', route: 'list', query: { PageSize: '-1' } }, streamResponse),
        ),
      ).toBe(true);
      const readResponse = new FakeResponse();
      const readSocket = socketOf(readResponse);
      expect(sut.canActivate(contextOf({ subject: 'alice', route: 'list' }, readResponse))).toBe(true);

      jest.advanceTimersByTime(12_500);
      expect(streamSocket.destroy).toHaveBeenCalledTimes(1);
      expect(readSocket.destroy).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe(`${CallerLimitsGuard.name}: rate limits`, () => {
  const POLICIES: Readonly<Record<string, RateLimitPolicy>> = {
    [DEFAULT_RATE_LIMIT_POLICY]: { perMinute: 5, burstPerSecond: 3 },
    render: { perMinute: 2, burstPerSecond: 2 },
  };
  const WIDE: CallerLimitsOptions = { maxRequestsPerCaller: 100, maxStreamsPerCaller: 100, maxStreams: 100 };
  const guardOn = (store: CallerCountStore) => guardOf(new CallerLimits(WIDE), store, POLICIES);

  /** Runs the guard and closes the response: only the rate binds here. */
  async function call(
    guard: CallerLimitsGuard,
    caller: { subject?: string; ip?: string },
    route: keyof Routes = 'read',
  ): Promise<{ headers: Record<string, string>; error?: unknown }> {
    const response = new FakeResponse();
    try {
      expect(await guard.canActivate(contextOf({ ...caller, route }, response))).toBe(true);
      return { headers: response.headers };
    } catch (error) {
      return { headers: response.headers, error };
    } finally {
      response.close();
    }
  }

  it('lets a caller through up to the burst, then answers 429 with when to retry', async () => {
    const guard = guardOn(new MemoryCallerCountStore(() => 0));
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
    const guard = guardOn(new MemoryCallerCountStore(() => 0));
    for (let index = 0; index < 3; index += 1) await call(guard, { subject: 'alice', ip: '192.0.2.7' });
    expect((await call(guard, { subject: 'alice', ip: '192.0.2.8' })).error).toBeDefined();
    expect((await call(guard, { subject: 'bob', ip: '192.0.2.7' })).error).toBeUndefined();
    expect((await call(guard, { ip: '192.0.2.7' })).error).toBeUndefined();
  });

  it('applies the minute budget once the bursts add up to it, with Retry-After up to the minute', async () => {
    let now = 0;
    const guard = guardOn(new MemoryCallerCountStore(() => now));
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
    const guard = guardOn(new MemoryCallerCountStore(() => 0));
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
    const memory = new MemoryCallerCountStore();
    const guard = guardOn({
      count: (caller, stream, windows) => Promise.resolve(memory.count(caller, stream, windows)),
      release: () => undefined,
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
    const guard = guardOn({
      count: () => Promise.resolve({ windows: undefined }),
      release: () => undefined,
      close: () => Promise.resolve(),
    });
    for (let index = 0; index < 10; index += 1) {
      const allowed = await call(guard, { subject: 'alice' });
      expect(allowed.error).toBeUndefined();
      expect(allowed.headers).toEqual({});
    }
  });
});

/** A store that answers, later, what a test tells it, and records what it was asked and given back. */
class SharedStore implements CallerCountStore {
  readonly asked: { caller: string; stream: boolean; windows: readonly RateWindow[] }[] = [];
  readonly released: SharedHold[] = [];
  next: CallerCount = {
    windows: [
      { count: 1, resetMs: 60_000 },
      { count: 1, resetMs: 1000 },
    ],
  };
  /** When set, a count waits for `answer` rather than answering `next`. */
  byHand = false;
  private waiting: ((count: CallerCount) => void) | undefined;

  count(caller: string, stream: boolean, windows: readonly RateWindow[]): Promise<CallerCount> {
    this.asked.push({ caller, stream, windows });
    if (this.byHand) return new Promise((resolve) => (this.waiting = resolve));
    return Promise.resolve(this.next);
  }

  answer(count: CallerCount): void {
    this.waiting?.(count);
  }

  release(hold: SharedHold): void {
    this.released.push(hold);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

describe(`${CallerLimitsGuard.name} with counts the replicas share (REDIS_URL)`, () => {
  let limits: CallerLimits;
  let store: SharedStore;
  let sut: CallerLimitsGuard;
  const place = (member: string): SharedHold => ({
    requests: 'config-service:demo:inflight:sub:alice',
    streams: undefined,
    member,
    since: 0,
  });
  const stream = { route: 'list', query: { PageSize: '-1' } } as const;

  const send = async (call: Call): Promise<{ response: FakeResponse; error?: unknown }> => {
    const response = new FakeResponse();
    try {
      expect(await sut.canActivate(contextOf(call, response))).toBe(true);
      return { response };
    } catch (error) {
      return { response, error };
    }
  };

  beforeEach(() => {
    limits = new CallerLimits({ maxRequestsPerCaller: 2, maxStreamsPerCaller: 1, maxStreams: 2 });
    store = new SharedStore();
    sut = guardOf(limits, store);
  });

  it("asks the store once per request, after this replica's own counts: what they refuse costs no round trip", async () => {
    await send({ subject: 'alice' });
    await send({ subject: 'alice' });
    expect((await send({ subject: 'alice' })).error).toBeInstanceOf(TooManyRequestsError);
    expect(store.asked.map((asked) => asked.caller)).toEqual(['sub:alice', 'sub:alice']);

    await send({ ...stream, ip: '192.0.2.9' });
    expect(store.asked[2]).toMatchObject({ caller: 'ip:192.0.2.9', stream: true });
    expect(store.asked[2].windows.map((window) => [window.keyPrefix, window.windowMs, window.limit])).toEqual(
      [
        ['default:60000:', 60_000, 1000],
        ['default:1000:', 1000, 1000],
      ],
    );
    // All streams of this replica together: its pool's share, checked here before any round trip.
    await send({ ...stream, subject: 'bob' });
    const busy = await send({ ...stream, subject: 'carol' });
    expect(busy.error).toBeInstanceOf(ServiceUnavailableError);
    expect(store.asked).toHaveLength(4);
  });

  it("answers the shared count's refusals with the same 429 problems, and gives back what it took here", async () => {
    store.next = { windows: undefined, refusal: 'caller-requests' };
    const refused = await send({ subject: 'alice' });
    expect(refused.error).toMatchObject({
      status: 429,
      retryAfterSeconds: 1,
      message: 'Too many requests of this caller in flight: at most 2 at once; retry after 1 s.',
    });
    store.next = { windows: undefined, refusal: 'caller-streams' };
    const streamRefused = await send({ ...stream, subject: 'alice' });
    expect(streamRefused.error).toMatchObject({ status: 429, retryAfterSeconds: 5 });
    expect((streamRefused.error as Error).message).toMatch(
      /^Too many PageSize=-1 lists of this caller in flight/,
    );

    refused.response.close();
    streamRefused.response.close();
    expect([limits.requestsOf('alice'), limits.streamsInFlight]).toEqual([0, 0]);
    expect(store.released).toEqual([]);
  });

  it('gives its place in the shared count back once, when the response closes', async () => {
    store.next = { ...store.next, hold: place('r1') };
    const { response, error } = await send({ subject: 'alice' });
    expect(error).toBeUndefined();
    expect(store.released).toEqual([]);
    response.close();
    response.close();
    expect(store.released).toEqual([place('r1')]);
    expect(limits.requestsOf('alice')).toBe(0);
  });

  it('gives the place back at once when the client left during the round trip', async () => {
    store.byHand = true;
    const response = new FakeResponse();
    const admitted = sut.canActivate(contextOf({ subject: 'alice' }, response)) as Promise<boolean>;
    response.close();
    expect(limits.requestsOf('alice')).toBe(0);
    store.answer({ ...store.next, hold: place('r2') });
    expect(await admitted).toBe(true);
    expect(store.released).toEqual([place('r2')]);
  });

  it("falls back to this replica's own counts, without a rate, while the store cannot count", async () => {
    store.next = { windows: undefined, hold: place('r3') };
    const first = await send({ subject: 'alice' });
    const second = await send({ subject: 'alice' });
    expect([first.error, second.error]).toEqual([undefined, undefined]);
    expect(first.response.headers).toEqual({});
    const third = await send({ subject: 'alice' });
    expect(third.error).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    expect(store.asked).toHaveLength(2);
  });
});
