import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import { describeStatus, PROBLEM_CONTENT_TYPE, type ProblemDocument } from './problem';

/** What Node's HTTP parser refuses before a request exists, as status and detail. */
function describeClientError(code: string | undefined): { status: number; detail: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, detail: 'The request headers exceed the size limit (16 KiB).' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, detail: 'The request was not received in time.' };
  return { status: 400, detail: 'The request is not valid HTTP.' };
}

/**
 * Answers errors of the HTTP parser (oversized headers, malformed requests) with a problem body
 * and a correlation id, like every other response, instead of Fastify's own body (contract 5).
 * For Fastify's `clientErrorHandler`; the connection is closed afterwards, as Node does.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = describeClientError(error.code);
  const correlationId = randomUUID();
  const problem: ProblemDocument = { ...describeStatus(status), status, detail, correlationId };
  const body = JSON.stringify(problem);
  // A HEAD response has no body (RFC 9110 9.3.2); one would read as garbage to the client. The
  // packet the parser refused starts with the request line when the request's head was too large.
  const isHead =
    Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Correlation-Id: ${correlationId}\r\n` +
        'Connection: close\r\n\r\n' +
        (isHead ? '' : body),
    );
  }
  socket.destroy(error);
}
