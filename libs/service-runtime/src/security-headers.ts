import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const policy = (directives: Record<string, string>): string =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/**
 * Content security policies by what a response is. The API answers JSON, which a browser must
 * never run or frame; Swagger UI (`/docs`) and the render playground are pages of their own
 * scripts and styles (Swagger UI styles elements inline); an html document a render returns
 * carries its own styles and images and runs nothing.
 */
export const CONTENT_SECURITY_POLICIES = {
  api: policy({
    'default-src': "'none'",
    'frame-ancestors': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
  }),
  page: policy({
    'default-src': "'self'",
    'script-src': "'self'",
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data: blob:",
    'font-src': "'self' data:",
    'connect-src': "'self'",
    'frame-src': "'self' blob:",
    'object-src': "'self' blob:",
    'frame-ancestors': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
  }),
  document: policy({
    'default-src': "'none'",
    'style-src': "'unsafe-inline'",
    'img-src': 'data: https:',
    'font-src': 'data:',
    'frame-ancestors': "'self'",
    'base-uri': "'none'",
    'form-action': "'none'",
  }),
} as const;

/** The pages a service serves to browsers, outside the tenant prefix. */
const PAGE_PATHS = /^\/(docs|playground)(\/|$|\?|-json)/;

const ONE_YEAR_SECONDS = 31_536_000;
const HSTS = `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`;

const HELMET_OPTIONS: HelmetOptions = {
  // Set by `securityHeadersOnSend`, by what each response is and how it travelled.
  contentSecurityPolicy: false,
  strictTransportSecurity: false,
  // Frontends on other origins embed pictures and documents; CORS still governs reads.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * The headers helmet sets with these options, by their lower-case names: they are the same on
 * every response, so helmet runs once, at start-up, on a response that records them (per request,
 * @fastify/helmet built helmet's middleware anew in two async hooks). Helmet's one removal,
 * X-Powered-By, is a header neither Fastify nor Nest sets.
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  // Helmet 8 throws its errors (a bad option) rather than passing them on.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
}

function contentSecurityPolicyOf(isPage: boolean, reply: FastifyReply): string {
  if (isPage) return CONTENT_SECURITY_POLICIES.page;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html')
    ? CONTENT_SECURITY_POLICIES.document
    : CONTENT_SECURITY_POLICIES.api;
}

/**
 * Security headers on every response: helmet's (`X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, frame and cross-origin policies), a content security policy by
 * what the response is, `Strict-Transport-Security` when the request came over TLS (directly or
 * through a proxy that says so: `X-Forwarded-Proto`, trusted), and `Cache-Control: no-store` on
 * every response that does not set its own: responses of the API carry personal data, and no
 * shared cache or browser history should keep them.
 */
export function registerSecurityHeaders(fastify: FastifyInstance): void {
  const staticHeaders = helmetHeaders();
  fastify.addHook('onRequest', function securityHeadersOnRequest(_request, reply, done) {
    void reply.headers(staticHeaders);
    done();
  });
  // The policy depends on the response's type, so it is decided once the response is known.
  fastify.addHook('onSend', function securityHeadersOnSend(request, reply, payload, done) {
    const isPage = PAGE_PATHS.test(request.url);
    void reply.header('content-security-policy', contentSecurityPolicyOf(isPage, reply));
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    if (!isPage && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * The security headers of an answer the HTTP parser's errors get (431, 400) before a request
 * exists, so before any hook runs: those every API response carries, HSTS where the connection
 * itself is TLS (no proxy's header has been read).
 */
export function rawAnswerSecurityHeaders(overTls: boolean): Readonly<Record<string, string>> {
  return {
    ...helmetHeaders(),
    'content-security-policy': CONTENT_SECURITY_POLICIES.api,
    'cache-control': 'no-store',
    ...(overTls ? { 'strict-transport-security': HSTS } : {}),
  };
}
