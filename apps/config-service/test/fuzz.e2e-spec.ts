import path from 'node:path';

import { describeOpenApiFuzz } from '@portal/testing';

import { createConfigApp } from '../src/config-app';
import { CONFIG_ENV_DEFAULTS, ConfigEnvironment } from '../src/config-environment';

describeOpenApiFuzz({
  service: 'config-service',
  environment: ConfigEnvironment,
  defaults: CONFIG_ENV_DEFAULTS,
  createApp: createConfigApp,
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  roles: ['ConfigApi_Write'],
});
