/**
 * Runs replicas as processes that share Redis, whose every command must answer within the
 * services' 250 ms deadline: beside the side-by-side lane's full load Redis once missed it and
 * the replicas fell back to counting alone. It runs beside the other suites that mostly wait
 * (rounds, windows, preStop hooks), which leave the cores about half idle (tools/jest/lanes.js).
 *
 * @lane waiting
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';

import {
  createTestDatabase,
  type ServiceProcess,
  startServiceProcess,
  TEST_REDIS_URL as REDIS_URL,
  TestClient,
  type TestDatabase,
  testToken,
} from '@portal/testing';

import { json, render, type RenderService, startRenderService, TEMPLATES } from './render-test-app';

const MAIN = path.join(__dirname, '..', 'src', 'main.ts');

/** Real limits, small enough to reach: 4 reads a minute per caller, 2 renders. */
const LIMITS = {
  RATE_LIMIT_PER_MINUTE: '4',
  RATE_LIMIT_BURST: '100',
  RENDER_RATE_LIMIT_PER_MINUTE: '2',
  RENDER_RATE_LIMIT_BURST: '100',
};

/** A caller of its own: subjects are unique per run, since Redis keeps the counts for a minute. */
async function caller(baseUrl: string, roles: string[]): Promise<TestClient> {
  return new TestClient(baseUrl).withToken(await testToken(roles, { subject: `rate-${randomUUID()}` }));
}

const renderTxt = (client: TestClient) =>
  render(client, {
    inputFormat: 'txt',
    outputFormat: 'txt',
    templateData: 'Hi {{who}}',
    data: json({ who: 'Zoë' }),
  });

describe('render-service rate limits (HTTP, real PostgreSQL)', () => {
  describe('in one process (no REDIS_URL)', () => {
    let service: RenderService;

    beforeAll(async () => {
      service = await startRenderService('render_rate_limit', LIMITS);
    });

    afterAll(() => service?.close());

    it('answers the 5th request of a subject in the minute with a 429 problem and Retry-After, while another subject passes', async () => {
      const alice = await caller(service.baseUrl, ['RenderApi_Templates']);
      const bob = await caller(service.baseUrl, ['RenderApi_Templates']);
      for (let sent = 1; sent <= 4; sent += 1) {
        const response = await alice.get(TEMPLATES);
        expect(response.status).toBe(200);
        expect(response.headers.get('ratelimit-limit')).toBe('4');
        expect(response.headers.get('ratelimit-remaining')).toBe(String(4 - sent));
        expect(response.headers.get('x-ratelimit-remaining')).toBe(String(4 - sent));
        expect(response.headers.get('ratelimit-policy')).toBe('4;w=60, 100;w=1');
      }
      const refused = await alice.get<Record<string, unknown>>(TEMPLATES);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
      expect(refused.headers.get('x-correlation-id')).toBeTruthy();
      expect(refused.body).toEqual(
        expect.objectContaining({
          type: 'https://tools.ietf.org/html/rfc6585#section-4',
          title: 'Too Many Requests',
          status: 429,
          detail: expect.stringContaining('at most 4 requests per 60 s') as unknown,
        }),
      );

      expect((await bob.get(TEMPLATES)).status).toBe(200);
    });

    it('counts renders against their own, lower limit, apart from the other routes', async () => {
      const carol = await caller(service.baseUrl, ['RenderApi_Render', 'RenderApi_Templates']);
      expect((await renderTxt(carol)).status).toBe(200);
      expect((await renderTxt(carol)).status).toBe(200);
      const refused = await renderTxt(carol);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect((await carol.get(TEMPLATES)).status).toBe(200);
    });

    it('never limits health and metrics', async () => {
      for (let sent = 0; sent < 10; sent += 1) {
        const live = await service.anonymous.get('/health/live');
        expect(live.status).toBe(200);
        expect(live.headers.get('ratelimit-limit')).toBeNull();
        expect((await service.anonymous.get('/metrics')).status).toBe(200);
      }
    });

    it('lets a page of an allowed origin read the rate limit headers', async () => {
      const dave = await caller(service.baseUrl, ['RenderApi_Templates']);
      const response = await dave.get(TEMPLATES, { headers: { origin: 'http://localhost:5173' } });
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
      for (const header of ['retry-after', 'ratelimit-remaining', 'ratelimit-reset', 'x-ratelimit-remaining'])
        expect(exposed.split(',').map((name) => name.trim())).toContain(header);
    });
  });

  describe('Redis unreachable', () => {
    let service: RenderService;

    beforeAll(async () => {
      service = await startRenderService('render_rate_limit_down', {
        ...LIMITS,
        REDIS_URL: 'redis://127.0.0.1:1',
      });
    });

    afterAll(() => service?.close());

    it('lets requests through rather than fail them (fail open)', async () => {
      const erin = await caller(service.baseUrl, ['RenderApi_Templates']);
      for (let sent = 0; sent < 6; sent += 1) expect((await erin.get(TEMPLATES)).status).toBe(200);
    });
  });

  describe('with REDIS_URL: two processes share the count, as replicas do', () => {
    let database: TestDatabase;
    const processes: ServiceProcess[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('render_rate_limit_redis');
      const env = { DATABASE_URL: database.url, REDIS_URL, RENDER_WORKERS: '1', ...LIMITS };
      // One after the other: the first applies the migrations.
      processes.push(await startServiceProcess({ main: MAIN, env }));
      processes.push(await startServiceProcess({ main: MAIN, env }));
    });

    afterAll(async () => {
      await Promise.all(processes.splice(0).map((running) => running.close()));
      await database?.drop();
    });

    it('refuses the 5th request of a subject spread over both replicas, and not another subject', async () => {
      const subject = `rate-${randomUUID()}`;
      const token = await testToken(['RenderApi_Templates'], { subject });
      const [first, second] = processes.map((running) => new TestClient(running.baseUrl).withToken(token));
      expect((await first.get(TEMPLATES)).status).toBe(200);
      expect((await second.get(TEMPLATES)).status).toBe(200);
      expect((await first.get(TEMPLATES)).status).toBe(200);
      const fourth = await second.get(TEMPLATES);
      expect(fourth.status).toBe(200);
      expect(fourth.headers.get('ratelimit-remaining')).toBe('0');
      const refused = await first.get(TEMPLATES);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect((await second.get(TEMPLATES)).status).toBe(429);

      const other = await caller(processes[1].baseUrl, ['RenderApi_Templates']);
      expect((await other.get(TEMPLATES)).status).toBe(200);
    });
  });
});
