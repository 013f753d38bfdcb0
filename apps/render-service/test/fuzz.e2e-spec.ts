import path from 'node:path';

import { describeOpenApiFuzz } from '@portal/testing';

import { createRenderApp } from '../src/render-app';
import { RENDER_ENV_DEFAULTS, RenderEnvironment } from '../src/render-environment';

describeOpenApiFuzz({
  service: 'render-service',
  environment: RenderEnvironment,
  defaults: RENDER_ENV_DEFAULTS,
  // A deadline no render comes near on a loaded machine: the fuzz looks for 5xx, not slowness.
  env: { RENDER_WORKERS: '2', RENDER_TIMEOUT_MS: '60000' },
  createApp: createRenderApp,
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  roles: ['RenderApi_Render', 'RenderApi_Templates'],
});
