import type { FastifyInstance, FastifyRequest } from 'fastify';

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
function bodyBytesOf(request: FastifyRequest, serviceLimit: number): number {
  const { headers } = request;
  const declared = headers['content-length'];
  // The route's limit is read only for a request with a body: a read pays for two header look-ups.
  if (declared === undefined)
    return headers['transfer-encoding'] === undefined ? 0 : (request.routeOptions.bodyLimit ?? serviceLimit);
  const length = Number(declared);
  if (!Number.isSafeInteger(length) || length <= 0) return 0;
  return Math.min(length, request.routeOptions.bodyLimit ?? serviceLimit);
}

/**
 * What receiving a body holds per byte until the garbage collector frees it: its chunks as they
 * arrive, their joined copy for the parser, and the text decoded from it. Counted once (factor 1),
 * 20 render bodies of 10 MiB at once took render-service to 505 MiB of RSS in the amplification
 * fuzz; counted three times, at most 436 over three runs.
 */
const RECEIVING_FACTOR = 3;

/** The bytes each request holds against the budget, until its response closes. */
const heldBytes = new WeakMap<FastifyRequest, number>();

export interface BodyBudget {
  /**
   * Reserves what a request's parsed body will hold besides its bytes (the JSON parser's
   * estimate), or answers the 503 to send when that would pass the budget.
   */
  readonly admit: (request: FastifyRequest, bytes: number) => ServiceUnavailableError | undefined;
}

/**
 * Bounds what the request bodies the service holds at once take. A body is held several times
 * while it is parsed and validated (its bytes, its text, the value, which can be twenty times
 * its text), so forty 9.4 MiB render requests at once took render-service's main thread past its
 * 256 MiB heap and the process down. Each request reserves what receiving its body holds (three
 * times its size) before the body is read, and what its parsed value will hold before it is parsed
 * (`admit`); a request that would take the reservations past `budgetBytes` is a 503 problem with
 * Retry-After and its body is not parsed. A request the service holds nothing else for always
 * fits, however large (its route's limits bound it).
 */
export function registerBodyBudget(
  fastify: FastifyInstance,
  renderer: ProblemRenderer,
  budgetBytes: number,
): BodyBudget {
  let reserved = 0;
  const serviceLimit = fastify.initialConfig.bodyLimit ?? 0;
  const reserve = (request: FastifyRequest, bytes: number): boolean => {
    const held = heldBytes.get(request) ?? 0;
    if (reserved > held && reserved + bytes > budgetBytes) return false;
    reserved += bytes;
    heldBytes.set(request, held + bytes);
    return true;
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    const bytes = bodyBytesOf(request, serviceLimit);
    if (bytes === 0) return done();
    if (!reserve(request, RECEIVING_FACTOR * bytes)) {
      // The connection stays open: Node reads the unparsed body past and drops it, so that a
      // client still sending it gets the answer rather than a broken pipe.
      renderer.send(noRoom(), request, reply);
      return;
    }
    reply.raw.once('close', () => (reserved -= heldBytes.get(request) ?? 0));
    done();
  });
  return {
    admit: (request, bytes) => {
      // Only a request that declared a body on arrival has one to parse (and a release on close).
      if (!heldBytes.has(request)) return undefined;
      return reserve(request, bytes) ? undefined : noRoom();
    },
  };
}
