import fastifyCors from '@fastify/cors';
import { type NestFastifyApplication, RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

import { CORRELATION_HEADER } from '@portal/http-context';
import { echoInput, ForbiddenError, type ProblemRenderer } from '@portal/problem-details';

import { RATE_LIMIT_HEADERS } from './rate-limit.guard';

/** Outside production, pages served from any local port may call the services. */
export const DEVELOPMENT_CORS_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*'];

/** `*`, an origin (`https://portal.example.ch`), or an origin on any port (`http://localhost:*`). */
export const CORS_ORIGIN_PATTERN = /^(\*|https?:\/\/([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\])(:(\d{1,5}|\*))?)$/;

/** The request headers a browser may send besides the CORS-safelisted ones. */
export const CORS_ALLOWED_HEADERS: readonly string[] = ['Authorization', 'Content-Type', CORRELATION_HEADER];

/**
 * The response headers a page may read (contract 1). Browsers do not take prefixes, so each one
 * the services set is named; `*` also exposes any other on requests without credentials.
 */
export const CORS_EXPOSED_HEADERS: readonly string[] = [
  CORRELATION_HEADER,
  'X-Pagination-Total-Count',
  'X-Pagination-Page-Size',
  'X-Pagination-Current-Page',
  'X-Pagination-Total-Pages',
  'X-Pagination-Next-Page-Link',
  'X-Pagination-Previous-Page-Link',
  'X-Render-Template',
  'X-Render-Missing',
  'X-Render-Missing-Count',
  'X-Render-Warnings',
  'X-Config-Warnings',
  'Content-Disposition',
  'Deprecation',
  'Link',
  'Retry-After',
  ...RATE_LIMIT_HEADERS,
  '*',
];

/** What a page on any origin may read of a public route: the exposed headers and its ETag. */
const ANY_ORIGIN_EXPOSED_HEADERS: readonly string[] = [
  ...CORS_EXPOSED_HEADERS.filter((header) => header !== '*'),
  'ETag',
];

/** A public route's preflight: reads only, with a revalidation a page may send itself. */
/** What an @AnyOriginCors route is read with; a preflight for another method is CORS_ORIGINS's to answer. */
const ANY_ORIGIN_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

const ANY_ORIGIN_PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD',
  'access-control-allow-headers': ['If-None-Match', ...CORS_ALLOWED_HEADERS].join(', '),
  'access-control-max-age': '600',
};

const ANY_ORIGIN_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': ANY_ORIGIN_EXPOSED_HEADERS.join(', '),
};

interface AnyOriginRouteConfig {
  /** Read by @fastify/cors: the allow-list does not apply. */
  readonly cors?: false;
  readonly anyOrigin?: boolean;
}

/**
 * A route any origin may read (`Access-Control-Allow-Origin: *`, without credentials), whatever
 * CORS_ORIGINS allows elsewhere: for public data only, such as branding a login page shows before
 * anyone signs in. Its answers, errors included, carry no `Vary: Origin`: they never depend on it.
 */
export const AnyOriginCors = (): MethodDecorator =>
  RouteConfig({ cors: false, anyOrigin: true } satisfies AnyOriginRouteConfig);

/** `/demo/v10-0/ui-templates/:uiTemplateName/branding` as a pattern of raw request paths. */
export function routePathPattern(url: string): RegExp {
  const segments = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}

/** On an @AnyOriginCors route's own requests: its answers, errors included, readable anywhere. */
function addAnyOriginHeaders(
  _request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  void reply.headers(ANY_ORIGIN_HEADERS);
  done();
}

/**
 * The CORS of the @AnyOriginCors routes. Their requests get `*` and the exposed headers from a hook
 * of the route's own, added as the route is registered (no other route pays for it); their
 * preflights, which Fastify routes to @fastify/cors's `OPTIONS *` where the route's config is not
 * at hand, are answered by path from any origin (for GET and HEAD only), before @fastify/cors.
 * Read: a method compared.
 */
function registerAnyOriginCors(fastify: FastifyInstance): void {
  const paths: RegExp[] = [];
  fastify.addHook('onRoute', (route) => {
    if ((route.config as AnyOriginRouteConfig)?.anyOrigin !== true) return;
    const own = route.onRequest;
    route.onRequest = [addAnyOriginHeaders, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
    const pattern = routePathPattern(route.url);
    // Fastify adds the HEAD route of each GET route with the same config.
    if (!paths.some((known) => known.source === pattern.source)) paths.push(pattern);
  });
  fastify.addHook('onRequest', function anyOriginPreflight(request, reply, done) {
    if (
      request.method === 'OPTIONS' &&
      paths.length > 0 &&
      request.headers.origin !== undefined &&
      ANY_ORIGIN_METHODS.has(String(request.headers['access-control-request-method']).toUpperCase()) &&
      paths.some((pattern) => pattern.test(request.url.split('?', 1)[0]))
    ) {
      void reply.headers(ANY_ORIGIN_PREFLIGHT_HEADERS).status(204).send();
      return;
    }
    done();
  });
}

/** The allow-list in force: `CORS_ORIGINS` when set (an empty value allows none), else the default. */
export function corsOriginsOf(value: string | undefined, nodeEnv: string): readonly string[] {
  if (value === undefined) return nodeEnv === 'production' ? [] : DEVELOPMENT_CORS_ORIGINS;
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
}

/** Whether an `Origin` header matches an entry of the allow-list (scheme and host exactly). */
export function isOriginAllowed(origin: string, allowList: readonly string[]): boolean {
  return allowList.some((entry) => {
    if (entry === '*') return true;
    if (!entry.endsWith(':*')) return origin === entry;
    const prefix = entry.slice(0, -2);
    if (origin === prefix) return true;
    return origin.startsWith(`${prefix}:`) && /^\d{1,5}$/.test(origin.slice(prefix.length + 1));
  });
}

/**
 * Answers preflights on every path (before routing and authentication) and adds the CORS headers
 * to every response to an allowed origin, errors included. Nothing is sent for other origins, so
 * the browser refuses the response. @fastify/cors is registered on the Fastify instance itself, at
 * once, so its hook runs before the service's own: Nest's `enableCors` would also copy its headers
 * (`Vary: Origin` on every response) to the Node response for Nest middleware, which the services
 * have none of, and that copy made Node set every header of every response a second time.
 */
export async function enableCors(app: NestFastifyApplication, allowList: readonly string[]): Promise<void> {
  // First: a public route's preflight is answered before @fastify/cors's hook.
  registerAnyOriginCors(app.getHttpAdapter().getInstance());
  await app.register(fastifyCors, {
    origin: (origin: string | undefined, callback: (error: Error | null, allow: boolean) => void) =>
      callback(null, origin !== undefined && isOriginAllowed(origin, allowList)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: 600,
    preflightContinue: false,
    optionsSuccessStatus: 204,
  });
}

/** The 403 of a preflight from an origin the allow-list does not name: which origin, and where to add it. */
const originNotAllowed = (origin: string): ForbiddenError =>
  new ForbiddenError(
    `The origin ${echoInput(origin)} may not call this service from a browser: CORS_ORIGINS does not list it.`,
    'CORS.ORIGIN_NOT_ALLOWED',
  );

/**
 * A preflight (OPTIONS with Origin and Access-Control-Request-Method) from an origin not allowed
 * is a 403 problem saying so, where @fastify/cors would let it fall through to a 404 `Cannot
 * OPTIONS`. Allowed origins never reach this hook: enableCors has answered their preflight. After
 * the request context, so the problem carries its correlation id.
 */
export function refuseForeignPreflights(
  fastify: FastifyInstance,
  allowList: readonly string[],
  renderer: ProblemRenderer,
): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (
      request.method === 'OPTIONS' &&
      origin !== undefined &&
      request.headers['access-control-request-method'] !== undefined &&
      !isOriginAllowed(origin, allowList)
    ) {
      // Answered here: an error of a root hook would reach Fastify's handler, not the problem renderer.
      renderer.send(originNotAllowed(origin), request, reply);
      return;
    }
    done();
  });
}
