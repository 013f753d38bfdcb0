import { DataSource } from 'typeorm';

import type { ServiceEnvironment } from '@portal/service-runtime';

import { expectOpenApiCommitted, type RunningTestApp, startTestApp } from './test-app';
import { TestClient, testToken } from './test-client';

export interface PlatformUnderTest {
  readonly anonymous: TestClient;
  /** A caller with a valid token, whatever its roles. */
  readonly authenticated: TestClient;
}

/**
 * What every service serves the same way (contract 1, 4, 5): health, metrics, docs, correlation
 * ids and 404 problems. Call inside a describe whose beforeAll starts the service.
 */
export function itServesThePlatformRoutes(
  service: () => PlatformUnderTest,
  options: {
    readonly openApiFile: string;
    readonly tenantPath: string;
    readonly expectedPaths: readonly string[];
  },
): void {
  it('reports liveness and readiness without a token', async () => {
    expect((await service().anonymous.get('/health/live')).body).toEqual({ status: 'ok' });
    const ready = await service().anonymous.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'up' } });
  });

  it('exposes Prometheus metrics by route template and status', async () => {
    await service().anonymous.get('/health/live');
    const metrics = await service().anonymous.get<string>('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(/http_requests_total\{[^}]*route="\/health\/live"[^}]*status="200"/);
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
  });

  it('sets X-Correlation-Id on every response: echoes a valid one, replaces an invalid one', async () => {
    const echoed = await service().anonymous.get('/health/live', {
      headers: { 'X-Correlation-Id': 'abc-123:x.y_z' },
    });
    expect(echoed.headers.get('x-correlation-id')).toBe('abc-123:x.y_z');
    const replaced = await service().anonymous.get('/health/live', {
      headers: { 'X-Correlation-Id': 'has spaces!' },
    });
    expect(replaced.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 404 problems for unknown routes and for another tenant', async () => {
    for (const url of [
      '/nowhere',
      `/other-tenant${options.tenantPath.replace(/^\/[^/]+/, '')}`,
      `${options.tenantPath}/no-such-resource`,
    ]) {
      const response = await service().authenticated.get<Record<string, unknown>>(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({
        status: 404,
        correlationId: response.headers.get('x-correlation-id'),
      });
    }
  });

  it('serves Swagger UI and an OpenAPI document equal to the committed one', async () => {
    expect((await service().anonymous.get('/docs')).status).toBe(200);
    const document = await service().anonymous.get<{ paths: Record<string, unknown> }>('/docs-json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths)).toEqual(expect.arrayContaining([...options.expectedPaths]));
    expectOpenApiCommitted(document.body, options.openApiFile);
  });
}

/**
 * The whole platform suite for a service: started on a database of its own, the routes above,
 * and its own migration history table.
 */
export function describeServicePlatform<E extends ServiceEnvironment>(options: {
  readonly service: string;
  readonly environment: new () => E;
  readonly defaults: Record<string, string>;
  readonly createApp: Parameters<typeof startTestApp<E>>[0]['createApp'];
  /** Any role of the service: the 404 checks need a caller that passes authentication. */
  readonly role: string;
  readonly migrationsTable: string;
  readonly openApiFile: string;
  readonly expectedPaths: readonly string[];
}): void {
  describe(`${options.service} platform routes (HTTP, real PostgreSQL)`, () => {
    let running: RunningTestApp<E>;
    let anonymous: TestClient;
    let authenticated: TestClient;

    beforeAll(async () => {
      running = await startTestApp({
        label: `${options.service.replace(/-service$/, '')}_platform`,
        environment: options.environment,
        defaults: options.defaults,
        createApp: options.createApp,
      });
      anonymous = new TestClient(running.baseUrl);
      authenticated = anonymous.withToken(await testToken([options.role]));
    });

    afterAll(async () => {
      await running?.close();
    });

    itServesThePlatformRoutes(() => ({ anonymous, authenticated }), {
      openApiFile: options.openApiFile,
      tenantPath: '/demo/v10-0',
      expectedPaths: options.expectedPaths,
    });

    it('keeps its own migration history in its own table', async () => {
      const rows: unknown = await running.app
        .get(DataSource)
        .query(`SELECT count(*)::int AS applied FROM ${options.migrationsTable}`);
      expect(rows).toEqual([{ applied: expect.any(Number) as unknown }]);
    });
  });
}
