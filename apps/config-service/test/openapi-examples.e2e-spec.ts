import path from 'node:path';

import { describeOpenApiExamples } from '@portal/testing';

import { createConfigApp } from '../src/config-app';
import { CONFIG_ENV_DEFAULTS, ConfigEnvironment } from '../src/config-environment';

describeOpenApiExamples({
  service: 'config-service',
  environment: ConfigEnvironment,
  defaults: CONFIG_ENV_DEFAULTS,
  createApp: createConfigApp,
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  anyOrder: true,
  roles: ['ConfigApi_Write'],
  versions: ['v10-0', 'v9-1'],
  tryItOut: [
    { method: 'post', path: '/v10-0/ui-templates', status: 201 },
    { method: 'get', path: '/v10-0/audit-events', status: 200 },
  ],
});
