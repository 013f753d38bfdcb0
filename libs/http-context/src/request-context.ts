import { AsyncLocalStorage } from 'node:async_hooks';

import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

import { CORRELATION_HEADER } from './correlation';

export interface RequestContext {
  readonly correlationId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const currentRequestContext = (): RequestContext | undefined => storage.getStore();

/**
 * Sets `X-Correlation-Id` on every response (errors and unknown routes included, since the hook
 * runs before routing) and makes the id visible to everything the request runs, logs included.
 */
export function registerRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const correlationId = String(request.id);
    void reply.header(CORRELATION_HEADER, correlationId);
    storage.run({ correlationId }, done);
  });
}

/** One structured line per completed request: enough to follow a request without the noise. */
export function registerRequestLogging(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    if (logger.isLevelEnabled('info')) {
      logger.info({
        msg: 'request completed',
        correlationId: String(request.id),
        method: request.method,
        url: request.url,
        route: request.routeOptions.url,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      });
    }
    done();
  });
}
