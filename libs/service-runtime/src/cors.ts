import fastifyCors from '@fastify/cors';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

import { CORRELATION_HEADER } from '@portal/http-context';

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
  'Content-Disposition',
  'Deprecation',
  'Link',
  'Retry-After',
  ...RATE_LIMIT_HEADERS,
  '*',
];

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
