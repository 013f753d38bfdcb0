import { connect, type Socket } from 'node:net';

import { shutDownGracefully } from '@portal/service-runtime';
import { testToken } from '@portal/testing';

import { RenderPool } from '../src/pool/render-pool';
import {
  json,
  render,
  RENDER,
  type RenderBody,
  type RenderService,
  startRenderService,
} from './render-test-app';

const LETTER: RenderBody = {
  inputFormat: 'txt',
  outputFormat: 'pdf',
  templateData: 'Sehr geehrte Frau {{name}}',
  data: json({ name: 'Muster' }),
};

/** A keep-alive connection written by hand, to send a request while another is in flight. */
class RawConnection {
  received = '';
  readonly closed: Promise<void>;
  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1').on('data', (chunk: string) => (this.received += chunk));
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static async open(port: number): Promise<RawConnection> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    return new RawConnection(socket);
  }

  sendRender(token: string, body: RenderBody): void {
    const payload = JSON.stringify(body);
    this.socket.write(
      `POST ${RENDER} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
    );
  }
}

const statusLines = (raw: string): string[] => raw.match(/^HTTP\/1\.1 \d{3} .*$/gm) ?? [];

describe('render-service stopping (HTTP, real PostgreSQL)', () => {
  let service: RenderService;

  afterEach(async () => {
    // The app is closed by the shutdown under test; its database is left to drop.
    await service?.database.drop();
  });

  it('fails readiness at once, serves what still arrives with Connection: close, lets the running renders finish, and closes', async () => {
    service = await startRenderService('render_shutdown');
    const port = Number(new URL(service.baseUrl).port);
    const pool = service.app.get(RenderPool);
    // Another caller than the fetch client's: one caller holds all workers but one.
    const token = await testToken(['RenderApi_Render'], { subject: 'raw-connection' });

    // Two renders running when the stop begins (both workers held): one through fetch, one on a
    // connection that will send another request while its first is still running.
    const latch = pool.hold();
    const running = render(service.renderer, LETTER);
    const connection = await RawConnection.open(port);
    connection.sendRender(token, LETTER);
    await latch.arrived(2);

    const stopped = shutDownGracefully(service.app, 20_000);
    // The pod leaves the Service at once...
    const ready = await fetch(`${service.baseUrl}/health/ready`);
    expect([ready.status, ready.headers.get('connection')]).toEqual([503, 'close']);
    expect(await ready.json()).toMatchObject({ status: 503, detail: 'This instance is stopping.' });
    // ...and what still reaches it is served: on a new connection (a straggler routed here)...
    const live = await fetch(`${service.baseUrl}/health/live`);
    expect([live.status, live.headers.get('connection')]).toEqual([200, 'close']);
    // ...and on the open connection, behind the running request.
    connection.sendRender(token, LETTER);
    latch.release();

    const first = await running;
    expect([first.status, first.status === 200 ? '' : first.text]).toEqual([200, '']);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    // Its connection was asked to close: the client's next request goes elsewhere.
    expect(first.headers.get('connection')).toBe('close');
    // The connection with a request queued behind its running one answers both, then closes.
    await connection.closed;
    const raw = connection.received;
    expect(statusLines(raw)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    expect(raw.split('%PDF-')).toHaveLength(3);
    expect(await stopped).toMatchObject({ inFlight: 2, served: 5, cutShort: 0, idleClosed: 0 });
  });

  it('answers a render still running at the end of the grace period with 503 and Retry-After, and counts it', async () => {
    service = await startRenderService('render_shutdown_grace');
    const pool = service.app.get(RenderPool);
    const latch = pool.hold();
    const running = render(service.renderer, LETTER);
    await latch.arrived(1);

    const stopped = shutDownGracefully(service.app, 200);
    const cut = await running;
    latch.release();
    expect(cut.status).toBe(503);
    expect(cut.headers.get('retry-after')).toBe('1');
    expect(cut.body).toMatchObject({ status: 503, correlationId: expect.any(String) });
    expect(await stopped).toMatchObject({ inFlight: 1, served: 0, cutShort: 1 });
  });

  it('leaves idle keep-alive connections to their clients, which drop them before the keep-alive timeout', async () => {
    service = await startRenderService('render_shutdown_idle', { HTTP_KEEP_ALIVE_TIMEOUT_MS: '3000' });
    // Connections a client keeps open after its answers (fetch keeps them alive).
    const answers = await Promise.all([1, 2, 3].map(() => render(service.renderer, LETTER)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[0].headers.get('keep-alive')).toBe('timeout=3');
    const began = performance.now();
    const report = await shutDownGracefully(service.app, 20_000);
    // Closed by their client or the keep-alive timeout, long before the grace period ends.
    expect(report).toMatchObject({ inFlight: 0, served: 0, cutShort: 0, idleClosed: 0 });
    expect(performance.now() - began).toBeLessThan(10_000);
  });
});
