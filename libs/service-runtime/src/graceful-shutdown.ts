import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';

import { type ProblemRenderer, ServiceUnavailableError } from '@portal/problem-details';

import { ServiceLifecycle } from './service-lifecycle';

/** Seconds a client is asked to wait before retrying a request a stopping replica could not finish. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 1;

const DRAIN_POLL_MS = 50;

/** After the grace period: how long the 503s sent to the requests still running may take to leave. */
const LAST_ANSWERS_MS = 1000;

const stopping = (): ServiceUnavailableError =>
  new ServiceUnavailableError(
    'This instance of the service is stopping; retry, another one will answer.',
    'SERVICE.STOPPING',
    SHUTDOWN_RETRY_AFTER_SECONDS,
  );

/** Kept on each socket: the requests it carries now. */
const ACTIVE = Symbol('drain:active');
/** Kept on each response: its socket (Node detaches it before 'close'), and whether the stop cut it. */
const SOCKET = Symbol('drain:socket');
const CUT = Symbol('drain:cut');

interface TrackedSocket extends Socket {
  [ACTIVE]?: number;
}

interface TrackedResponse extends ServerResponse {
  [SOCKET]?: TrackedSocket;
  [CUT]?: true;
}

/** What a service's shutdown knows of its connections and requests, kept by `trackRequests`. */
class RequestTracker {
  readonly connections = new Set<TrackedSocket>();
  /** By their Node response, which tells when it is done ('close'). */
  readonly inFlight = new Map<ServerResponse, FastifyReply>();
  /** Requests answered once the service was stopping. */
  servedWhileStopping = 0;

  constructor(
    readonly lifecycle: ServiceLifecycle,
    readonly renderer: ProblemRenderer,
  ) {}
}

const trackers = new WeakMap<FastifyInstance, RequestTracker>();

/**
 * Keeps the service's connections and the requests in flight on each, so that a stop can let
 * them finish (shutDownGracefully). Once the service is stopping, the last answer on each
 * connection carries `Connection: close`: its client opens its next connection elsewhere.
 */
export function trackRequests(
  fastify: FastifyInstance,
  lifecycle: ServiceLifecycle,
  renderer: ProblemRenderer,
): void {
  const tracker = new RequestTracker(lifecycle, renderer);
  trackers.set(fastify, tracker);
  fastify.server.on('connection', (socket: TrackedSocket) => {
    socket[ACTIVE] = 0;
    tracker.connections.add(socket);
    socket.once('close', () => tracker.connections.delete(socket));
  });
  // One listener for every response, and `on`, not `once`: a response closes once, and a closure
  // or `once`'s wrapper would be allocated for every request.
  function onResponseClosed(this: TrackedResponse): void {
    tracker.inFlight.delete(this);
    const socket = this[SOCKET];
    if (socket) socket[ACTIVE] = Math.max(0, (socket[ACTIVE] ?? 1) - 1);
    if (tracker.lifecycle.stopping && !this[CUT]) tracker.servedWhileStopping += 1;
  }
  fastify.addHook('onRequest', function trackRequestOnRequest(request, reply, done) {
    const response = reply.raw as TrackedResponse;
    tracker.inFlight.set(response, reply);
    const socket = request.raw.socket as TrackedSocket;
    socket[ACTIVE] = (socket[ACTIVE] ?? 0) + 1;
    response[SOCKET] = socket;
    response.on('close', onResponseClosed);
    done();
  });
  // Once stopping, the last answer a connection carries closes it; an answer with another request
  // queued behind it on the same connection (pipelined) keeps it open for that one's answer.
  fastify.addHook('onSend', function closeConnectionOnSend(request, reply, payload, done) {
    if (tracker.lifecycle.stopping && ((request.raw.socket as TrackedSocket)[ACTIVE] ?? 0) <= 1)
      void reply.header('connection', 'close');
    done(null, payload);
  });
}

export interface ShutdownReport {
  /** Requests that were running when the stop began. */
  readonly inFlight: number;
  /** Requests answered while the service stopped (those running and those that still arrived). */
  readonly served: number;
  /**
   * Requests the grace period did not let finish: answered 503 when their answer had not
   * started, cut off when it was on its way. 0 in the normal case.
   */
  readonly cutShort: number;
  /** Connections still open and idle at the end of the grace period, closed then (no request lost). */
  readonly idleClosed: number;
  /** How long the stop took, from SIGTERM to the last connection closed. */
  readonly drainMs: number;
}

/**
 * Stops a service without losing a request (contract 10). Readiness fails at once
 * (ServiceLifecycle); every request that reaches the service is still served, those on
 * keep-alive connections included, with `Connection: close`; responses on their way (streams,
 * large renders) finish; connections close after their last answer, or when their client or the
 * keep-alive timeout closes them. The listener stays open meanwhile, so a straggler routed here is served, not
 * refused. After `graceMs` (it must end before the pod's terminationGracePeriodSeconds, which
 * also covers the preStop hook) what still runs is answered 503 or cut, and counted. Then the
 * app closes (its pools, workers and queues).
 */
export async function shutDownGracefully(
  app: NestFastifyApplication,
  graceMs: number,
): Promise<ShutdownReport> {
  const began = performance.now();
  const fastify = app.getHttpAdapter().getInstance();
  const tracker = trackers.get(fastify);
  const lifecycle = app.get(ServiceLifecycle);
  let background = false;
  const stopped = lifecycle.stop().finally(() => (background = true));
  const report = { inFlight: 0, served: 0, cutShort: 0, idleClosed: 0 };
  if (tracker) {
    report.inFlight = tracker.inFlight.size;
    const server = fastify.server;
    const deadline = began + graceMs;
    // Idle connections close on their own: their clients drop them before the keep-alive timeout
    // the server announced (HTTP_KEEP_ALIVE_TIMEOUT_MS), which then closes what is left. Closing
    // one sooner could cut a request its client is sending on it at that moment.
    while (performance.now() < deadline) {
      if (background && tracker.inFlight.size === 0 && tracker.connections.size === 0) break;
      await sleep(DRAIN_POLL_MS);
    }
    if (tracker.inFlight.size > 0 || tracker.connections.size > 0) {
      report.cutShort = cutWhatRuns(tracker);
      await waitUntil(() => tracker.inFlight.size === 0, LAST_ANSWERS_MS);
      report.idleClosed = [...tracker.connections].filter((socket) => (socket[ACTIVE] ?? 0) === 0).length;
      server.closeAllConnections();
    }
    report.served = tracker.servedWhileStopping;
    await closeListener(server);
  }
  await Promise.race([stopped, sleep(Math.max(0, began + graceMs - performance.now()))]);
  await app.close();
  return { ...report, drainMs: Math.round(performance.now() - began) };
}

/** The grace period is over: answers 503 what has not started its answer; counts what is cut. */
function cutWhatRuns(tracker: RequestTracker): number {
  let cut = 0;
  for (const [response, reply] of tracker.inFlight) {
    cut += 1;
    (response as TrackedResponse)[CUT] = true;
    if (reply.raw.headersSent) continue;
    void reply.header('connection', 'close');
    tracker.renderer.send(stopping(), reply.request, reply);
  }
  return cut;
}

function closeListener(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!condition() && performance.now() < until) await sleep(DRAIN_POLL_MS);
}
