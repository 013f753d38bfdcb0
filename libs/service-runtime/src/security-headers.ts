import helmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

function contentSecurityPolicyOf(request: FastifyRequest, reply: FastifyReply): string {
  if (PAGE_PATHS.test(request.url)) return CONTENT_SECURITY_POLICIES.page;
  const type = String(reply.getHeader('content-type') ?? '');
  return type.startsWith('text/html') ? CONTENT_SECURITY_POLICIES.document : CONTENT_SECURITY_POLICIES.api;
}

/**
 * Security headers on every response (helmet for Fastify): `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, frame and cross-origin policies, a content security policy by
 * what the response is, `Strict-Transport-Security` when the request came over TLS (directly or
 * through a proxy that says so: `X-Forwarded-Proto`, trusted), and `Cache-Control: no-store` on
 * every response that does not set its own: responses of the API carry personal data, and no
 * shared cache or browser history should keep them.
 */
export async function registerSecurityHeaders(app: NestFastifyApplication): Promise<void> {
  await app.register(helmet, {
    // Set below, by what each response is and how it travelled.
    contentSecurityPolicy: false,
    hsts: false,
    // Frontends on other origins embed pictures and documents; CORS still governs reads.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', async (request, reply, payload) => {
    void reply.header('content-security-policy', contentSecurityPolicyOf(request, reply));
    if (request.protocol === 'https')
      void reply.header('strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
    if (!reply.hasHeader('cache-control') && !PAGE_PATHS.test(request.url))
      void reply.header('cache-control', 'no-store');
    return payload;
  });
}
