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

/** How long a refused connection is still read (and its bytes dropped) after its answer. */
const LINGER_MS = 2_000;

/**
 * Answers errors of the HTTP parser (oversized headers, malformed requests) with a problem body
 * and a correlation id, like every other response, instead of Fastify's own body (contract 5).
 * For Fastify's `clientErrorHandler`. The connection then closes as Apache's and nginx's
 * "lingering close" does: the answer is sent and the write side ended, and what the client still
 * sends is read and dropped for at most LINGER_MS. Closing at once, as Node does, leaves unread
 * bytes in the kernel, which answers them with a reset that can overtake the answer: a client
 * still writing a 1 MB request line then sees EPIPE or ECONNRESET instead of its 431.
 * `headers` are written too: the security headers every other response carries, which the
 * framework's hooks never add to an answer given before a request exists.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Duplex,
  headers: Readonly<Record<string, string>> = {},
): void {
  // The parser refuses every further chunk of a lingering connection: answered once.
  if (error.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  const { status, detail } = describeClientError(error.code);
  const correlationId = randomUUID();
  const problem: ProblemDocument = { ...describeStatus(status), status, detail, correlationId };
  const body = JSON.stringify(problem);
  // A HEAD response has no body (RFC 9110 9.3.2); one would read as garbage to the client. The
  // packet the parser refused starts with the request line when the request's head was too large.
  const isHead =
    Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
  const answer =
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    `X-Correlation-Id: ${correlationId}\r\n` +
    'Connection: close\r\n\r\n' +
    (isHead ? '' : body);
  if (!socket.writable || error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    // Nothing can be sent, or the client is not sending: nothing to linger for.
    if (socket.writable) socket.write(answer);
    socket.destroy(error);
    return;
  }
  socket.end(answer);
  const lingering = setTimeout(() => socket.destroy(), LINGER_MS);
  lingering.unref();
  socket.once('close', () => clearTimeout(lingering));
}
