import { TcpProxy, TEST_ADMIN_URL_VARIABLE } from '@portal/testing';

import { startConfigService, uiTemplateBody } from './config-test-app';

const V10 = '/demo/v10-0/ui-templates';

type ConfigService = Awaited<ReturnType<typeof startConfigService>>;

/**
 * config-service with a TCP proxy between it and PostgreSQL, taken away as a network or a
 * database goes: refused (a crashed or restarting database) and stalled (a frozen network).
 * What a client must see: a 503 problem with Retry-After, never a hang or a 500 (the pod stays
 * ready, so that the Service keeps sending requests to it rather than leaving clients an ingress
 * error); what the operator must see: /health (the details) 503 with the database down while
 * /health/ready and /health/live stay 200, and recovery without a restart; no write half-applied. The times measured are printed, not asserted (the machine
 * is shared); each request is bounded by the test's own timeout.
 */
describe('config-service when its database fails (HTTP, real PostgreSQL behind a TCP proxy)', () => {
  let proxy: TcpProxy;
  let service: ConfigService;
  const timings: string[] = [];

  beforeAll(async () => {
    const admin = new URL(process.env[TEST_ADMIN_URL_VARIABLE] ?? '');
    proxy = await TcpProxy.start({ host: admin.hostname, port: Number(admin.port || 5432) });
    service = await startConfigService('config_faults', {}, (url) => proxy.via(url));
  });

  afterAll(async () => {
    await proxy?.restore();
    await service?.close();
    await proxy?.close();
    process.stdout.write(`\ndatabase faults: ${timings.join('; ')}\n`);
  });

  const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    timings.push(`${what} ${Math.round(performance.now() - started)} ms`);
    return result;
  };

  const expectUnavailable = (response: { status: number; headers: Headers; body: unknown }) => {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({
      status: 503,
      detail: 'The database is not available at the moment; retry shortly.',
      correlationId: expect.any(String),
    });
  };

  /** Polls until the service reads again; the number of polls is the figure, not the clock. */
  const recovered = async (what: string): Promise<void> => {
    await timed(what, async () => {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        if ((await service.reader.get(`${V10}?PageSize=1`)).status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the service did not recover within 100 polls');
    });
    expect((await service.anonymous.get('/health')).status).toBe(200);
  };

  /** Ready and live (the pod), while the details show the database down. */
  const expectPodReadyDatabaseDown = async (): Promise<void> => {
    expect((await service.anonymous.get('/health/ready')).status).toBe(200);
    expect((await service.anonymous.get('/health/live')).status).toBe(200);
    const details = await service.anonymous.get('/health');
    expect(details.status).toBe(503);
    expect(details.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(details.body).toMatchObject({ status: 503, detail: 'The database is not reachable.' });
  };

  it('serves while the database is there', async () => {
    expect((await service.reader.get(`${V10}?PageSize=1`)).status).toBe(200);
  });

  it('answers 503 with Retry-After while the database refuses connections, and recovers without a restart', async () => {
    await proxy.kill();
    expectUnavailable(await timed('read, refused', () => service.reader.get(`${V10}?PageSize=1`)));
    const body = uiTemplateBody();
    expectUnavailable(await timed('write, refused', () => service.writer.post(V10, body)));
    await expectPodReadyDatabaseDown();

    await proxy.restore();
    await recovered('recovery after refusal');
    expect((await service.reader.get(`${V10}/${String(body['name'])}`)).status).toBe(404);
  });

  it('answers 503 instead of hanging while the database stalls, and applies no write half', async () => {
    // A connection in the pool, open when the network stalls.
    expect((await service.reader.get(`${V10}?PageSize=1`)).status).toBe(200);
    proxy.pause();
    const body = uiTemplateBody();
    const [write, read] = await Promise.all([
      timed('write, stalled', () => service.writer.post(V10, body)),
      timed('read, stalled', () => service.reader.get(`${V10}?PageSize=1`)),
    ]);
    expectUnavailable(write);
    expectUnavailable(read);
    await expectPodReadyDatabaseDown();

    await proxy.restore();
    await recovered('recovery after stall');
    expect((await service.reader.get(`${V10}/${String(body['name'])}`)).status).toBe(404);
  });
});
