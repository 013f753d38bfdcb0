import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const CORRELATION_HEADER = 'x-correlation-id';
const ACCEPTED_CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's own correlation id when it is well formed (contract 4), else a new UUID. */
export function resolveCorrelationId(sent: string | string[] | undefined): string {
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value !== undefined && ACCEPTED_CORRELATION_ID.test(value) ? value : randomUUID();
}

/** Fastify's `genReqId`: the correlation id becomes `request.id`, so Fastify's own logs carry it. */
export const correlationIdOf = (request: IncomingMessage): string =>
  resolveCorrelationId(request.headers[CORRELATION_HEADER]);
