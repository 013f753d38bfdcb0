import { connect, type Socket } from 'node:net';

import { refusedWhileStopping, shutDownGracefully } from '@portal/service-runtime';
import { testToken, waitUntil } from '@portal/testing';

import { RenderPool } from '../src/rendering/render-pool';
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

  it('finishes the renders it has taken, refuses what still arrives with 503 and Retry-After, and closes', async () => {
    service = await startRenderService('render_shutdown');
    const port = Number(new URL(service.baseUrl).port);
    const pool = service.app.get(RenderPool);
    const token = await testToken(['RenderApi_Render']);

    // Two renders running when the stop begins (both workers held): one through fetch, one on a
    // connection that will send another request while its first is still running.
    const latch = pool.hold();
    const running = render(service.renderer, LETTER);
    const connection = await RawConnection.open(port);
    connection.sendRender(token, LETTER);
    await latch.arrived(2);

    const stopped = shutDownGracefully(service.app, 20_000);
    // No new connection is taken any more.
    await expect(fetch(`${service.baseUrl}/health/live`)).rejects.toThrow();
    // A request that still arrives on an open connection is refused, after the running one.
    connection.sendRender(token, LETTER);
    await waitUntil(() => refusedWhileStopping(service.app) === 1, 'the late request is refused');
    latch.release();

    const first = await running;
    expect([first.status, first.status === 200 ? '' : first.text]).toEqual([200, '']);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    await connection.closed;
    const raw = connection.received;
    expect(statusLines(raw)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 503 Service Unavailable']);
    expect(raw.slice(0, raw.indexOf('HTTP/1.1 503'))).toContain('%PDF-');
    const refused = raw.slice(raw.lastIndexOf('HTTP/1.1 503'));
    expect(refused).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(refused).toMatch(/\r\nconnection: close\r\n/i);
    expect(refused).toContain(
      '"detail":"This instance of the service is stopping; retry, another one will answer."',
    );
    expect(await stopped).toEqual({ inFlight: 2, cutShort: 0, refused: 1 });
  });

  it('answers a render still running at the end of the grace period with 503 and Retry-After', async () => {
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
    expect(await stopped).toEqual({ inFlight: 1, cutShort: 1, refused: 0 });
  });

  it("closes idle keep-alive connections at once instead of waiting for the clients' timeouts", async () => {
    service = await startRenderService('render_shutdown_idle');
    // Connections a client keeps open after its answers (fetch keeps them alive).
    const answers = await Promise.all([1, 2, 3].map(() => render(service.renderer, LETTER)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // Without closing them, the stop would wait for the keep-alive timeout (72 s), past this test's.
    expect(await shutDownGracefully(service.app, 20_000)).toEqual({ inFlight: 0, cutShort: 0, refused: 0 });
  });
});
