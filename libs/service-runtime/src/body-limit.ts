import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

interface BodyLimitConfig {
  readonly bodyLimit?: number;
}

/**
 * A route whose bodies may be larger than the service's limit (contract 5: 1 MiB), for a route
 * that carries a bounded binary payload as base64 (a 1 MiB image is 1.4 MiB of base64). Over it,
 * the request is a 413 problem like any other.
 */
export const BodyLimit = (bytes: number): MethodDecorator =>
  RouteConfig({ bodyLimit: bytes } satisfies BodyLimitConfig);

/** Applies @BodyLimit to the routes as Nest registers them; before the app is initialised. */
export function registerRouteBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const config: BodyLimitConfig | undefined = route.config;
    const limit = config?.bodyLimit;
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}
