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

/** A name as parameters are named: a letter first, at most 40 of letters, digits, `_.-[]`. */
const PARAMETER_NAME = /^[A-Za-z][\w.[\]-]{0,39}$/;
/**
 * Names that are data whatever their shape: a token or a part of one (a JWT's parts begin `eyJ`,
 * base64url of `{"`; three dot-separated parts), a number (an AHV number, a phone, an id).
 */
const DATA_IN_A_NAME = /eyJ|^[\w-]+\.[\w-]+\.[\w-]*$|\d{3}/;
/** At most this many names per line; the rest are counted. */
export const MAX_LOGGED_QUERY_NAMES = 20;
/** What a name that looks like data is logged as. */
export const UNEXPECTED_NAME = '(unexpected)';

/**
 * The names of a query's parameters, never their values: a citizen portal's searches carry
 * e-mail addresses, AHV numbers and names (`EmailContains=`, `PersonAhvNumber=`, `Keyword=`).
 * A name is not a place for data either: a client that misplaces a token or an e-mail address
 * puts it in a name (`?eyJhbGciOi...`), so a name unlike a parameter's is logged as
 * `(unexpected)`, and at most MAX_LOGGED_QUERY_NAMES distinct names are listed, the rest counted.
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
    names.add(PARAMETER_NAME.test(name) && !DATA_IN_A_NAME.test(name) ? name : UNEXPECTED_NAME);
  }
  const listed = [...names];
  const more = listed.length - MAX_LOGGED_QUERY_NAMES;
  return more > 0 ? [...listed.slice(0, MAX_LOGGED_QUERY_NAMES), `(and ${more} more)`] : listed;
}

/** Routes probes and scrapers call every few seconds: their successes are noise at info level. */
const PROBED_ROUTES: ReadonlySet<string> = new Set(['/health/live', '/health/ready', '/metrics']);

/**
 * A request line's level: debug for a probe's or scraper's success (Kubernetes' probes, Prometheus,
 * `npm start` waiting for the services, whose last lines would otherwise follow its banner); info
 * for every other request, and for a probe that failed.
 */
export function requestLogLevel(route: string | undefined, status: number): 'info' | 'debug' {
  return route !== undefined && PROBED_ROUTES.has(route) && status < 400 ? 'debug' : 'info';
}

/**
 * One structured line per completed request: enough to follow a request without the noise, and
 * without personal data. The route is the template (`/demo/v10-0/profiles/:profileId`), not the
 * path, whose segments may be names or tokens; the query gives its parameter names only; bodies
 * and headers are never logged.
 */
export function registerRequestLogging(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onResponse', function logRequestOnResponse(request, reply, done) {
    const level = requestLogLevel(request.routeOptions.url, reply.statusCode);
    if (logger.isLevelEnabled(level)) {
      logger[level]({
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
