import type { FastifyInstance } from 'fastify';

import { type ProblemRenderer, ServiceUnavailableError } from '@portal/problem-details';

/** Seconds a client is asked to wait before sending a body the service had no room for. */
const BODY_BUDGET_RETRY_AFTER_SECONDS = 1;

const noRoom = (): ServiceUnavailableError =>
  new ServiceUnavailableError(
    'This instance is busy with other large requests; retry.',
    'SERVICE.BUSY',
    BODY_BUDGET_RETRY_AFTER_SECONDS,
    false,
  );

/** The bytes a request's body may take: its Content-Length, else (chunked) its route's limit. */
function bodyBytesOf(headers: Record<string, unknown>, routeLimit: number): number {
  const length = Number(headers['content-length']);
  if (Number.isSafeInteger(length) && length >= 0) return Math.min(length, routeLimit);
  return headers['transfer-encoding'] === undefined ? 0 : routeLimit;
}

/**
 * Bounds the request bodies the service holds at once. A body is held several times while it is
 * parsed and validated (its bytes, its text, the value), so forty 9.4 MiB render requests at once
 * took render-service's main thread past its 256 MiB heap and the process down. Each request
 * reserves its body's size before the body is read; a request that would take the reservations
 * past `budgetBytes` is a 503 problem with Retry-After and its body is not parsed. One request
 * always fits, however large (its route's limit bounds it).
 */
export function registerBodyBudget(
  fastify: FastifyInstance,
  renderer: ProblemRenderer,
  budgetBytes: number,
): void {
  let reserved = 0;
  fastify.addHook('onRequest', (request, reply, done) => {
    const bytes = bodyBytesOf(
      request.headers,
      request.routeOptions.bodyLimit ?? fastify.initialConfig.bodyLimit ?? 0,
    );
    if (bytes === 0) return done();
    if (reserved > 0 && reserved + bytes > budgetBytes) {
      // The connection stays open: Node reads the unparsed body past and drops it, so that a
      // client still sending it gets the answer rather than a broken pipe.
      renderer.send(noRoom(), request, reply);
      return;
    }
    reserved += bytes;
    reply.raw.once('close', () => (reserved -= bytes));
    done();
  });
}
