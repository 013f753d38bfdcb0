import type { ServerResponse } from 'node:http';

import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Principal } from '@portal/auth';
import { asksForEveryItem, PAGINATED_LIST } from '@portal/pagination';
import { ServiceUnavailableError, TooManyRequestsError } from '@portal/problem-details';

import type { CallerLimitRefusal, CallerLimits } from './caller-limits';
import { SKIP_RATE_LIMIT } from './rate-limit.guard';
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
const BY_ADDRESS = 1;
const STREAM = 2;

/** A response whose request is counted, with what to give back when it closes. */
interface HoldingResponse extends ServerResponse {
  [HELD_BY]?: CallerLimits;
  [HELD_CALLER]?: string;
  [HELD_KIND]?: number;
}

/**
 * The listener of every counted response's `close`, which Node emits once, whether the answer
 * went out, failed or the client went away. One function for all: a read allocates no closure.
 */
function giveBack(this: HoldingResponse): void {
  const limits = this[HELD_BY];
  if (!limits) return;
  this[HELD_BY] = undefined;
  const kind = this[HELD_KIND] ?? 0;
  limits.give(this[HELD_CALLER] ?? '', (kind & BY_ADDRESS) !== 0, (kind & STREAM) !== 0);
}

type CallerRequest = FastifyRequest & { principal?: Principal };

/** A handler or a controller, as Nest gives them and the Reflector reads them. */
type MetadataTarget = Parameters<Reflector['get']>[1];

/** What the guard needs of a route, read from its metadata once. */
interface RouteFacts {
  /** The controller the facts were read for: an inherited handler may serve two. */
  readonly type: MetadataTarget;
  /** Health and metrics (@SkipRateLimit): never limited. */
  readonly exempt: boolean;
  /** A list (@PaginatedList): its GET with PageSize=-1 is a stream. */
  readonly list: boolean;
}

/**
 * Requests in flight per caller (contract 5), after the auth guard: a caller is the verified
 * token's `sub`, or the client address on a route without a token; health and metrics are
 * exempt (@SkipRateLimit). Past the caller's bound a request is a 429 problem with Retry-After.
 * A list's GET with `PageSize=-1` is a stream, bounded twice more: per caller (429) and all
 * together (503: the instance is busy, not the caller at fault); and a stream's connection is
 * destroyed once its client stops taking data for `writeDeadlineMs`. What a request holds is
 * given back when its response closes. Cost on a read: a WeakMap get (the route's metadata, read
 * once), a Map get and set, three properties and a shared listener on the response; nothing
 * leaves the process.
 */
@Injectable()
export class CallerLimitsGuard implements CanActivate {
  /** Each route's facts by its handler: a WeakMap get instead of metadata lookups on every read. */
  private readonly routes = new WeakMap<MetadataTarget, RouteFacts>();

  constructor(
    private readonly reflector: Reflector,
    private readonly limits: CallerLimits,
    private readonly writeDeadlineMs: number,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const route = this.routeOf(context.getHandler(), context.getClass());
    if (route.exempt) return true;
    // By index rather than switchToHttp(), which builds three closures per call.
    const request = context.getArgByIndex<CallerRequest>(0);
    const response = context.getArgByIndex<FastifyReply>(1).raw as HoldingResponse;
    // The client is gone: the answer goes nowhere, and a close already emitted would never give back.
    if (response.destroyed) return true;
    const principal = request.principal;
    const byAddress = principal === undefined;
    const caller = byAddress ? request.ip : principal.subject;
    const stream = route.list && request.method === 'GET' && asksForEveryItem(request.query);

    const refusal = this.limits.take(caller, byAddress, stream);
    if (refusal) throw this.refused(refusal);
    response[HELD_BY] = this.limits;
    response[HELD_CALLER] = caller;
    response[HELD_KIND] = (byAddress ? BY_ADDRESS : 0) | (stream ? STREAM : 0);
    response.on('close', giveBack);
    if (stream) enforceWriteDeadline(response, this.writeDeadlineMs);
    return true;
  }

  private routeOf(handler: MetadataTarget, type: MetadataTarget): RouteFacts {
    const known = this.routes.get(handler);
    if (known?.type === type) return known;
    const facts: RouteFacts = {
      type,
      exempt:
        (this.reflector.get<boolean>(SKIP_RATE_LIMIT, handler) ??
          this.reflector.get<boolean>(SKIP_RATE_LIMIT, type)) === true,
      list: this.reflector.get<boolean>(PAGINATED_LIST, handler) === true,
    };
    // The first controller's facts are kept; another one sharing the handler reads its own each time.
    if (!known) this.routes.set(handler, facts);
    return facts;
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
