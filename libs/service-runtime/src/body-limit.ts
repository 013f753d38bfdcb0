import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

import type { BodyElementsConfig } from '@portal/http-context';

interface BodyLimitConfig extends BodyElementsConfig {
  readonly bodyLimit?: number;
}

/**
 * A route whose bodies may be larger than the service's limits (contract 5: 1 MiB), for a route
 * that carries a bounded binary payload as base64 (a 1 MiB image is 1.4 MiB of base64), or more
 * JSON values than the service's bound (`elements`: a batch of items). Over either, the request
 * is a 413 problem like any other.
 */
export const BodyLimit = (bytes: number, elements?: number): MethodDecorator =>
  RouteConfig({
    bodyLimit: bytes,
    ...(elements === undefined ? {} : { bodyElements: elements }),
  } satisfies BodyLimitConfig);

/** Applies @BodyLimit to the routes as Nest registers them; before the app is initialised. */
export function registerRouteBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const config: BodyLimitConfig | undefined = route.config;
    const limit = config?.bodyLimit;
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}
