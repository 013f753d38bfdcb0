import { PassThrough } from 'node:stream';

import { answerClientError } from './client-error';

/** What answerClientError writes for a parser error on a request that began with `packet`. */
function answerTo(code: string, packet?: string): string {
  const socket = new PassThrough();
  const written: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => written.push(chunk));
  const error = Object.assign(new Error('parse error'), {
    code,
    rawPacket: packet === undefined ? undefined : Buffer.from(packet, 'latin1'),
  });
  socket.on('error', () => undefined);
  answerClientError(error, socket);
  return Buffer.concat(written).toString('latin1');
}

describe('answerClientError', () => {
  it('answers headers over the limit with a 431 problem carrying its correlation id', () => {
    const answer = answerTo('HPE_HEADER_OVERFLOW', `GET /x HTTP/1.1\r\nX-Padding: ${'p'.repeat(100)}`);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    const correlationId = /X-Correlation-Id: (\S+)/.exec(head)?.[1];
    expect(JSON.parse(body)).toMatchObject({ status: 431, correlationId });
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
  });

  // Found by the OpenAPI fuzz: a HEAD with a 100,000-character query got a body, which the
  // client's parser refused ("Data after Connection: close").
  it('answers a HEAD request with the headers alone', () => {
    const answer = answerTo('HPE_HEADER_OVERFLOW', `HEAD /x?q=${'x'.repeat(100)} HTTP/1.1\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 .*\r\nX-Correlation-Id: \S+\r\nConnection: close\r\n\r\n$/s);
  });

  it('answers a request that is not HTTP with a 400 problem', () => {
    expect(answerTo('HPE_INVALID_METHOD', 'NOT HTTP\r\n')).toMatch(
      /^HTTP\/1\.1 400 Bad Request\r\n[\s\S]*"status":400/,
    );
  });
});
