import path from 'node:path';

import { describeAmplificationFuzz } from '@portal/testing';

import { RENDER_SERVICE } from '../src/render-app';

describeAmplificationFuzz({
  service: 'render-service',
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  roles: ['RenderApi_Render', 'RenderApi_Templates'],
  // Two workers, as a pod of two CPUs has.
  env: { RENDER_WORKERS: '2' },
  limits: { bodyBytes: RENDER_SERVICE.bodyLimitBytes, bodyElements: RENDER_SERVICE.bodyLimitElements },
});
