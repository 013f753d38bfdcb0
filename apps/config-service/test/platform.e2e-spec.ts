import path from 'node:path';

import { expectOpenApiCommitted } from '@portal/testing';

import { startConfigService } from './config-test-app';

type Service = Awaited<ReturnType<typeof startConfigService>>;

describe('config-service platform routes (HTTP, real PostgreSQL)', () => {
  let service: Service;

  beforeAll(async () => {
    service = await startConfigService('config_platform');
  });

  afterAll(async () => {
    await service?.close();
  });

  it('reports liveness and readiness without a token', async () => {
    expect((await service.anonymous.get('/health/live')).body).toEqual({ status: 'ok' });
    const ready = await service.anonymous.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'up' } });
  });

  it('exposes Prometheus metrics by route template and status', async () => {
    await service.reader.get('/demo/v10-0/ui-templates/some-name');
    const metrics = await service.anonymous.get<string>('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(
      /http_requests_total\{[^}]*route="\/demo\/v10-0\/ui-templates\/:uiTemplateName"[^}]*status="404"/,
    );
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
  });

  it('sets X-Correlation-Id on every response: echoes a valid one, replaces an invalid one', async () => {
    const echoed = await service.anonymous.get('/health/live', {
      headers: { 'X-Correlation-Id': 'abc-123:x.y_z' },
    });
    expect(echoed.headers.get('x-correlation-id')).toBe('abc-123:x.y_z');
    const replaced = await service.anonymous.get('/health/live', {
      headers: { 'X-Correlation-Id': 'has spaces!' },
    });
    expect(replaced.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unauthorized = await service.anonymous.get('/demo/v10-0/ui-templates');
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('x-correlation-id')).toBe(
      (unauthorized.body as { correlationId: string }).correlationId,
    );
  });

  it('answers 404 problems for unknown routes and for another tenant', async () => {
    for (const url of ['/nowhere', '/other-tenant/v10-0/ui-templates', '/demo/v8-0/ui-templates']) {
      const response = await service.reader.get<Record<string, unknown>>(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({
        status: 404,
        correlationId: response.headers.get('x-correlation-id'),
      });
    }
  });

  it('serves Swagger UI and an OpenAPI document equal to the committed one', async () => {
    expect((await service.anonymous.get('/docs')).status).toBe(200);
    const document = await service.anonymous.get<Record<string, any>>('/docs-json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining([
        '/demo/v10-0/ui-templates',
        '/demo/v10-0/ui-templates/{uiTemplateName}',
        '/demo/v9-1/ui-templates',
      ]),
    );
    expectOpenApiCommitted(document.body, path.join(__dirname, '..', 'openapi.json'));
  });
});
