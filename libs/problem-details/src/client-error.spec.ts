import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
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

  it('writes the headers it is given (the security headers every response carries)', () => {
    const socket = new PassThrough();
    const written: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => written.push(chunk));
    socket.on('error', () => undefined);
    const error = Object.assign(new Error('parse error'), { code: 'HPE_INVALID_METHOD' });
    answerClientError(error, socket, { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    const [head] = Buffer.concat(written).toString('latin1').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head.split('\r\n')).toEqual(
      expect.arrayContaining(['x-content-type-options: nosniff', 'cache-control: no-store']),
    );
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

  // Seen in CI: a 1 MB request line (100,000 ids) got EPIPE instead of its 431 when the
  // service closed at once, its unread bytes answered with a reset that overtook the answer.
  describe('on a real connection whose client is still sending', () => {
    let server: Server;
    beforeAll(async () => {
      server = createServer((_request, response) => response.end());
      server.on('clientError', answerClientError);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('delivers the 431 whole and ends the connection without a reset', async () => {
      const { port } = server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      const ended = new Promise<string | undefined>((resolve) => {
        socket.on('data', (chunk: Buffer) => received.push(chunk));
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code));
        socket.on('close', () => resolve(undefined));
      });
      // A busy client: it reads the answer only after writing more than the kernel's buffers hold.
      socket.pause();
      socket.write(`GET /x?${'Ids=1&'.repeat(200_000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.end(`${'Ids=1&'.repeat(1_000_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.resume();
      expect(await ended).toBeUndefined();
      expect(Buffer.concat(received).toString('latin1')).toMatch(/^HTTP\/1\.1 431 [\s\S]*"status":431/);
    });
  });
});
