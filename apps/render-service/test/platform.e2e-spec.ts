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
    '/demo/v10-0/render',
    '/demo/v10-0/templates',
    '/demo/v10-0/templates/{templateName}',
    '/demo/v10-0/templates/{templateName}/versions',
  ],
});
