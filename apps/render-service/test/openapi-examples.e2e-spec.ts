import path from 'node:path';

import { describeOpenApiExamples } from '@portal/testing';

import { createRenderApp } from '../src/render-app';
import { RENDER_ENV_DEFAULTS, RenderEnvironment } from '../src/render-environment';

describeOpenApiExamples({
  service: 'render-service',
  environment: RenderEnvironment,
  defaults: RENDER_ENV_DEFAULTS,
  // The demo templates npm start saves in development: the reads' examples name one.
  env: { RENDER_DEMO_TEMPLATES: 'true' },
  createApp: createRenderApp,
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  anyOrder: true,
  roles: ['RenderApi_Render', 'RenderApi_Templates'],
  versions: ['v10-0'],
  notAudited: ['POST /v10-0/render'],
  tryItOut: [
    { method: 'put', path: '/v10-0/templates/{templateName}', status: 201 },
    { method: 'get', path: '/v10-0/templates', status: 200 },
  ],
});
