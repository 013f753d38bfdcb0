import type { Server, ServerResponse } from 'node:http';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';

import { type ProblemRenderer, ServiceUnavailableError } from '@portal/problem-details';

/** Seconds a client is asked to wait before retrying a request a stopping replica refused. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 1;

const stopping = (): ServiceUnavailableError =>
  new ServiceUnavailableError(
    'This instance of the service is stopping; retry, another one will answer.',
    'SERVICE.STOPPING',
    SHUTDOWN_RETRY_AFTER_SECONDS,
  );

/** What a service's shutdown knows of its requests, kept by the hooks of `trackRequests`. */
class RequestTracker {
  draining = false;
  /** Requests that arrived on an open connection once the service was stopping (503). */
  refused = 0;
  /** By their Node response, which tells when it is done ('close'). */
  readonly inFlight = new Map<ServerResponse, FastifyReply>();

  constructor(readonly renderer: ProblemRenderer) {}
}

const trackers = new WeakMap<FastifyInstance, RequestTracker>();

/**
 * Keeps the requests in flight, and once the service is stopping answers a request that still
 * arrives on an open connection with a 503 problem, `Retry-After` and `Connection: close`.
 */
export function trackRequests(fastify: FastifyInstance, renderer: ProblemRenderer): void {
  const tracker = new RequestTracker(renderer);
  trackers.set(fastify, tracker);
  // One listener for every response, and `on`, not `once`: a response closes once, and a closure
  // or `once`'s wrapper would be allocated for every request.
  function onResponseClosed(this: ServerResponse): void {
    tracker.inFlight.delete(this);
  }
  fastify.addHook('onRequest', function trackRequestOnRequest(request, reply, done) {
    if (tracker.draining) {
      tracker.refused += 1;
      void reply.header('connection', 'close');
      renderer.send(stopping(), request, reply);
      return;
    }
    tracker.inFlight.set(reply.raw, reply);
    reply.raw.on('close', onResponseClosed);
    done();
  });
}

export interface ShutdownReport {
  /** Requests that were running when the stop began. */
  readonly inFlight: number;
  /** Of those, the ones still running at the end of the grace period, answered 503. */
  readonly cutShort: number;
  /** Requests that arrived on an open connection during the stop, answered 503. */
  readonly refused: number;
}

/** How many requests a stopping service has refused so far (for tests and logs). */
export function refusedWhileStopping(app: NestFastifyApplication): number {
  return trackers.get(app.getHttpAdapter().getInstance())?.refused ?? 0;
}

/**
 * Stops a service without losing a request: stops taking new connections, closes idle keep-alive
 * sockets at once, lets the requests already received finish for up to `graceMs` (renders
 * included), answers those still running after it with a 503 and `Retry-After`, then closes the
 * app (its pools and workers). `graceMs` must end before the pod's
 * `terminationGracePeriodSeconds` (30 s by default, SHUTDOWN_GRACE_MS 25 s).
 */
export async function shutDownGracefully(
  app: NestFastifyApplication,
  graceMs: number,
): Promise<ShutdownReport> {
  const fastify = app.getHttpAdapter().getInstance();
  const tracker = trackers.get(fastify);
  const inFlight = tracker?.inFlight.size ?? 0;
  let cutShort = 0;
  if (tracker) {
    tracker.draining = true;
    const server = fastify.server;
    // No new connections; sockets idle between keep-alive requests are closed now.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace over'>((resolve) => {
      timer = setTimeout(() => resolve('grace over'), graceMs);
    });
    const outcome = await Promise.race([drained(tracker, server), graceOver]);
    clearTimeout(timer);
    if (outcome === 'grace over') {
      for (const reply of tracker.inFlight.values()) {
        if (reply.sent) continue;
        cutShort += 1;
        void reply.header('connection', 'close');
        tracker.renderer.send(stopping(), reply.request, reply);
      }
    }
    // Connections close after their last response (`Connection: close`); any left after a
    // moment (a client that does not read its answer) are cut.
    const cutLeftovers = setTimeout(() => server.closeAllConnections(), 1000);
    await closed;
    clearTimeout(cutLeftovers);
  }
  await app.close();
  return { inFlight, cutShort, refused: tracker?.refused ?? 0 };
}

/**
 * Resolves once no request is in flight, closing each keep-alive connection as soon as it falls
 * idle (a `Connection: close` on a running response would drop the answers pipelined behind it).
 */
async function drained(tracker: RequestTracker, server: Server): Promise<'drained'> {
  while (tracker.inFlight.size > 0) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.closeIdleConnections();
  }
  return 'drained';
}
