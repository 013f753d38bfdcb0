import { AsyncLocalStorage } from 'node:async_hooks';

import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

import { CORRELATION_HEADER } from './correlation';

export interface RequestContext {
  readonly correlationId: string;
  /** The W3C trace id the request belongs to (its `traceparent`'s, or its own span's). */
  readonly traceId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const currentRequestContext = (): RequestContext | undefined => storage.getStore();

/**
 * The trace id of the span the code runs in (README "Traces"): the request's, which takes the
 * caller's `traceparent`; none when the request came without one and no traces are exported.
 */
export function activeTraceId(): string | undefined {
  const spanContext = trace.getSpanContext(context.active());
  return spanContext !== undefined && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/**
 * Sets `X-Correlation-Id` on every response (errors and unknown routes included, since the hook
 * runs before routing) and makes the id visible to everything the request runs, logs included.
 */
export function registerRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', function requestContextOnRequest(request, reply, done) {
    const correlationId = String(request.id);
    void reply.header(CORRELATION_HEADER, correlationId);
    storage.run({ correlationId, traceId: activeTraceId() }, done);
  });
}

/**
 * The names of a query's parameters, never their values: a citizen portal's searches carry
 * e-mail addresses, AHV numbers and names (`EmailContains=`, `PersonAhvNumber=`, `Keyword=`).
 */
export function queryParameterNames(url: string): string[] {
  const start = url.indexOf('?');
  if (start < 0) return [];
  const names = new Set<string>();
  for (const pair of url.slice(start + 1).split('&')) {
    if (pair === '') continue;
    const raw = pair.split('=', 1)[0];
    let name: string;
    try {
      name = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      name = raw;
    }
    // A name is not a place for data either: anything unlike a parameter name is not repeated.
    names.add(/^[A-Za-z][\w.[\]-]{0,63}$/.test(name) ? name : '(unexpected)');
  }
  return [...names];
}

/**
 * One structured line per completed request: enough to follow a request without the noise, and
 * without personal data. The route is the template (`/demo/v10-0/profiles/:profileId`), not the
 * path, whose segments may be names or tokens; the query gives its parameter names only; bodies
 * and headers are never logged.
 */
export function registerRequestLogging(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onResponse', function logRequestOnResponse(request, reply, done) {
    if (logger.isLevelEnabled('info')) {
      logger.info({
        msg: 'request completed',
        correlationId: String(request.id),
        traceId: activeTraceId(),
        method: request.method,
        route: request.routeOptions.url ?? '(no route)',
        query: queryParameterNames(request.url),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      });
    }
    done();
  });
}
