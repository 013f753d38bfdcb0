import { EventEmitter } from 'node:events';

import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

import { PaginatedList } from '@portal/pagination';
import { ServiceUnavailableError, TooManyRequestsError } from '@portal/problem-details';

import { CallerLimits } from './caller-limits';
import { CallerLimitsGuard } from './caller-limits.guard';
import { SkipRateLimit } from './rate-limit.guard';

class Item {}

class Routes {
  read(this: void): void {}

  @PaginatedList(Item)
  list(this: void): void {}

  @SkipRateLimit()
  health(this: void): void {}
}

/** A controller whose class is exempt, sharing Routes' handlers by inheritance. */
@SkipRateLimit()
class ExemptRoutes extends Routes {}

/** A response as the guard sees it: closes once, and has a socket only where a test gives one. */
class FakeResponse extends EventEmitter {
  destroyed = false;
  socket: { bytesWritten: number; writableLength: number; destroy: jest.Mock } | null = null;

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
  const args = [request, { raw: response }];
  return {
    getHandler: () => Routes.prototype[call.route ?? 'read'],
    getClass: () => call.type ?? Routes,
    getArgByIndex: (index: number) => args[index],
  } as unknown as ExecutionContext;
}

describe(CallerLimitsGuard.name, () => {
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
    sut = new CallerLimitsGuard(new Reflector(), limits, 10_000);
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
      sut.canActivate(
        contextOf({ subject: 'alice', route: 'list', query: { PageSize: '-1' } }, streamResponse),
      );
      const readResponse = new FakeResponse();
      const readSocket = socketOf(readResponse);
      sut.canActivate(contextOf({ subject: 'alice', route: 'list' }, readResponse));

      jest.advanceTimersByTime(12_500);
      expect(streamSocket.destroy).toHaveBeenCalledTimes(1);
      expect(readSocket.destroy).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});
