import path from 'node:path';

import { describeServicePlatform } from '@portal/testing';

import { createRenderApp } from '../src/render-app';
import { RenderEnvironment, RENDER_ENV_DEFAULTS } from '../src/render-environment';

describeServicePlatform({
  service: 'render-service',
  environment: RenderEnvironment,
  defaults: RENDER_ENV_DEFAULTS,
  createApp: createRenderApp,
  role: 'RenderApi_Render',
  bodyRoute: '/demo/v10-0/render',
  writeRole: 'RenderApi_Render',
  migrationsTable: 'render_migrations',
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  expectedPaths: [
    '/v10-0/render',
    '/v10-0/templates',
    '/v10-0/templates/{templateName}',
    '/v10-0/templates/{templateName}/versions',
    '/v10-0/audit-events',
  ],
});
