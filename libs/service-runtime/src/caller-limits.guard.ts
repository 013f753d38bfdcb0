import type { ServerResponse } from 'node:http';

import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Principal } from '@portal/auth';
import { perRoute } from '@portal/http-context';
import { asksForEveryItem, PAGINATED_LIST } from '@portal/pagination';
import { ServiceUnavailableError, TooManyRequestsError } from '@portal/problem-details';

import type { CallerCount, CallerCountStore, SharedHold } from './caller-count-store';
import type { CallerLimitRefusal, CallerLimits } from './caller-limits';
import { type RateLimitPolicy, RateLimits, type RouteRates } from './rate-limit.guard';
import { enforceWriteDeadline } from './write-deadline';

/** A caller's ordinary requests end within a second or so (the database's timeouts are 1.5 s). */
const REQUESTS_RETRY_AFTER_SECONDS = 1;

/**
 * Streams last seconds to minutes (a million profiles: 5 min): asked again after 1 s, a stream
 * would mostly be refused again.
 */
const STREAMS_RETRY_AFTER_SECONDS = 5;

const HELD_BY = Symbol('caller-limits:held-by');
const HELD_CALLER = Symbol('caller-limits:caller');
const HELD_KIND = Symbol('caller-limits:kind');
const HELD_PLACE = Symbol('caller-limits:place');
const BY_ADDRESS = 1;
const STREAM = 2;

/** A response whose request is counted, with what to give back when it closes. */
interface HoldingResponse extends ServerResponse {
  [HELD_BY]?: CallerLimitsGuard;
  [HELD_CALLER]?: string;
  [HELD_KIND]?: number;
  /** Its place in the counts replicas share, once the store has answered. */
  [HELD_PLACE]?: SharedHold;
}

/**
 * The listener of every counted response's `close`, which Node emits once, whether the answer
 * went out, failed or the client went away. One function for all: a read allocates no closure.
 */
function giveBack(this: HoldingResponse): void {
  const guard = this[HELD_BY];
  if (!guard) return;
  this[HELD_BY] = undefined;
  guard.giveBack(this);
}

type CallerRequest = FastifyRequest & { principal?: Principal };

/** What the guard needs of a route, read from its metadata once. */
interface RouteFacts {
  /** Its rate windows; undefined for health and metrics (@SkipRateLimit), never limited. */
  readonly rates: RouteRates | undefined;
  /** A list (@PaginatedList): its GET with PageSize=-1 is a stream. */
  readonly list: boolean;
}

export interface CallerLimitsGuardOptions {
  /** This replica's own counts of requests and streams in flight. */
  readonly limits: CallerLimits;
  /** The rate windows and, with REDIS_URL, the requests in flight the replicas share. */
  readonly store: CallerCountStore;
  /** Rate limit policies by the name routes give @RateLimit, the default one included. */
  readonly policies: Readonly<Record<string, RateLimitPolicy>>;
  /** A stream whose client takes nothing for this long is cut. */
  readonly writeDeadlineMs: number;
}

/**
 * Per-caller limits (contract 5), after the auth guard: a caller is the verified token's `sub`,
 * or the client address on a route without a token; health and metrics are exempt
 * (@SkipRateLimit). A caller may have `limits` requests in flight, and may send at its routes'
 * rates (RateLimits); past either, a 429 problem with Retry-After. A list's GET with
 * `PageSize=-1` is a stream, bounded twice more: per caller (429) and all together (503: the
 * instance is busy, not the caller at fault); a stream's connection is destroyed once its client
 * stops taking data for `writeDeadlineMs`.
 *
 * In this order: this replica's own counts first (no round trip: a caller past them is past the
 * shared ones too, and the streams of all callers protect this replica's pool); then the store,
 * in one call, counts the caller's requests in flight across replicas (with REDIS_URL) and its
 * rate. A store that cannot answer (Redis down or slow) leaves this replica's own counts as the
 * bound, and no rate. What a request holds is given back when its response closes.
 * Cost on a read: a WeakMap get (the route's facts, read once), a Map get and set, four
 * properties and a shared listener on the response, the rate windows' count (in this process, or
 * one Redis round trip), a Map delete on close (and a ZREM nobody waits for).
 */
@Injectable()
export class CallerLimitsGuard implements CanActivate {
  private readonly limits: CallerLimits;
  private readonly store: CallerCountStore;
  private readonly rates: RateLimits;
  private readonly writeDeadlineMs: number;

  constructor(
    private readonly reflector: Reflector,
    options: CallerLimitsGuardOptions,
  ) {
    this.limits = options.limits;
    this.store = options.store;
    this.rates = new RateLimits(reflector, options.policies);
    this.writeDeadlineMs = options.writeDeadlineMs;
  }

  private readonly routeOf = perRoute((handler, controller): RouteFacts => ({
    rates: this.rates.ratesOf(handler, controller),
    list: this.reflector.get<boolean>(PAGINATED_LIST, handler) === true,
  }));

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const route = this.routeOf(context);
    const rates = route.rates;
    if (rates === undefined) return true;
    // By index rather than switchToHttp(), which builds three closures per call.
    const request = context.getArgByIndex<CallerRequest>(0);
    const reply = context.getArgByIndex<FastifyReply>(1);
    const response = reply.raw as HoldingResponse;
    // The client is gone: the answer goes nowhere, and a close already emitted would never give back.
    if (response.destroyed) return true;
    const principal = request.principal;
    const byAddress = principal === undefined;
    const caller = byAddress ? request.ip : principal.subject;
    const stream = route.list && request.method === 'GET' && asksForEveryItem(request.query);

    const refusal = this.limits.take(caller, byAddress, stream);
    if (refusal) throw this.refused(refusal);
    response[HELD_BY] = this;
    response[HELD_CALLER] = caller;
    response[HELD_KIND] = (byAddress ? BY_ADDRESS : 0) | (stream ? STREAM : 0);
    response.on('close', giveBack);
    if (stream) enforceWriteDeadline(response, this.writeDeadlineMs);

    const counted = this.store.count(byAddress ? `ip:${caller}` : `sub:${caller}`, stream, rates.windows);
    // The store in this process answers at once; Redis's answer is one round trip away.
    if (counted instanceof Promise) return counted.then((count) => this.admit(rates, count, reply, response));
    return this.admit(rates, counted, reply, response);
  }

  /** Lets the request through, or refuses it on the store's counts. */
  private admit(
    rates: RouteRates,
    count: CallerCount,
    reply: FastifyReply,
    response: HoldingResponse,
  ): boolean {
    if (count.hold) {
      // The client may have gone during the round trip: its close gave back all but this place.
      if (response[HELD_BY]) response[HELD_PLACE] = count.hold;
      else this.store.release(count.hold);
    }
    if (count.refusal) throw this.refused(count.refusal);
    if (count.windows) this.rates.enforce(rates, count.windows, reply);
    return true;
  }

  /** What a closed response held: this replica's counts and its place in the shared ones. */
  giveBack(response: HoldingResponse): void {
    const kind = response[HELD_KIND] ?? 0;
    this.limits.give(response[HELD_CALLER] ?? '', (kind & BY_ADDRESS) !== 0, (kind & STREAM) !== 0);
    const place = response[HELD_PLACE];
    if (place) this.store.release(place);
  }

  private refused(refusal: CallerLimitRefusal): Error {
    const { maxRequestsPerCaller, maxStreamsPerCaller, maxStreams } = this.limits.options;
    switch (refusal) {
      case 'caller-requests':
        return new TooManyRequestsError(
          REQUESTS_RETRY_AFTER_SECONDS,
          `Too many requests of this caller in flight: at most ${maxRequestsPerCaller} at once; retry after ${REQUESTS_RETRY_AFTER_SECONDS} s.`,
        );
      case 'caller-streams':
        return new TooManyRequestsError(
          STREAMS_RETRY_AFTER_SECONDS,
          `Too many PageSize=-1 lists of this caller in flight: at most ${maxStreamsPerCaller} at once; retry after ${STREAMS_RETRY_AFTER_SECONDS} s, or ask for pages.`,
        );
      case 'streams':
        return new ServiceUnavailableError(
          `This instance is sending as many PageSize=-1 lists as it may (${maxStreams}); retry after ${STREAMS_RETRY_AFTER_SECONDS} s, or ask for pages.`,
          'SERVICE.STREAMS_BUSY',
          STREAMS_RETRY_AFTER_SECONDS,
          // Load shed by design, not a fault an operator must hear of (the 503s are in the metrics).
          false,
        );
    }
  }
}
