import path from 'node:path';

import { DataSource } from 'typeorm';

import { itServesThePlatformRoutes, PLATFORM_TEST_ENV, startTestApp, TestClient } from '@portal/testing';

import { createConfigApp } from '../src/config-app';
import { CONFIG_ENV_DEFAULTS, ConfigEnvironment } from '../src/config-environment';

import { startConfigService } from './config-test-app';

type Service = Awaited<ReturnType<typeof startConfigService>>;

describe('config-service platform routes (HTTP, real PostgreSQL)', () => {
  let service: Service;

  beforeAll(async () => {
    service = await startConfigService('config_platform', PLATFORM_TEST_ENV);
  });

  afterAll(async () => {
    await service?.close();
  });

  itServesThePlatformRoutes(
    () => ({ anonymous: service.anonymous, authenticated: service.reader, writer: service.writer }),
    {
      bodyRoute: '/demo/v10-0/ui-templates',
      openApiFile: path.join(__dirname, '..', 'openapi.json'),
      tenantPath: '/demo/v10-0',
      expectedPaths: [
        '/v10-0/ui-templates',
        '/v10-0/ui-templates/{uiTemplateName}',
        '/v9-1/ui-templates',
        '/v10-0/audit-events',
        '/v9-1/audit-events',
      ],
    },
  );

  it('counts requests by route template, not by raw URL', async () => {
    await service.reader.get('/demo/v10-0/ui-templates/some-name');
    const metrics = await service.anonymous.get<string>('/metrics');
    expect(metrics.body).toMatch(
      /http_requests_total\{[^}]*route="\/demo\/v10-0\/ui-templates\/:uiTemplateName"[^}]*status="404"/,
    );
    expect(metrics.body).not.toContain('some-name');
  });

  it('carries the correlation id on 401 problems too', async () => {
    const unauthorized = await service.anonymous.get<{ correlationId: string }>('/demo/v10-0/ui-templates');
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('x-correlation-id')).toBe(unauthorized.body.correlationId);
  });
});

describe('config-service with MIGRATIONS_RUN=false', () => {
  it('starts without touching the schema', async () => {
    const running = await startTestApp({
      label: 'config_no_migrations',
      environment: ConfigEnvironment,
      defaults: CONFIG_ENV_DEFAULTS,
      env: { MIGRATIONS_RUN: 'false' },
      createApp: createConfigApp,
    });
    try {
      const [{ table }] = await running.app
        .get(DataSource)
        .query(`SELECT to_regclass('config_migrations') AS "table"`);
      expect(table).toBeNull();
      expect((await new TestClient(running.baseUrl).get('/health/live')).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});
