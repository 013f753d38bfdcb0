import path from 'node:path';

import { DataSource } from 'typeorm';

import {
  itServesThePlatformRoutes,
  type RunningTestApp,
  startTestApp,
  TestClient,
  testToken,
} from '@portal/testing';

import { createRenderApp } from '../src/render-app';
import { RenderEnvironment, RENDER_ENV_DEFAULTS } from '../src/render-environment';

describe('render-service platform routes (HTTP, real PostgreSQL)', () => {
  let running: RunningTestApp<RenderEnvironment>;
  let anonymous: TestClient;
  let authenticated: TestClient;

  beforeAll(async () => {
    running = await startTestApp({
      label: 'render_platform',
      environment: RenderEnvironment,
      defaults: RENDER_ENV_DEFAULTS,
      createApp: createRenderApp,
    });
    anonymous = new TestClient(running.baseUrl);
    authenticated = anonymous.withToken(await testToken(['RenderApi_Render']));
  });

  afterAll(async () => {
    await running?.close();
  });

  itServesThePlatformRoutes(() => ({ anonymous, authenticated }), {
    openApiFile: path.join(__dirname, '..', 'openapi.json'),
    tenantPath: '/demo/v10-0',
    expectedPaths: [
      '/demo/v10-0/render',
      '/demo/v10-0/templates',
      '/demo/v10-0/templates/{templateName}',
      '/demo/v10-0/templates/{templateName}/versions',
    ],
  });

  it('keeps its own migration history in its own table', async () => {
    const rows = await running.app
      .get(DataSource)
      .query('SELECT count(*)::int AS applied FROM render_migrations');
    expect(rows).toEqual([{ applied: expect.any(Number) }]);
  });
});
