import path from 'node:path';

import { describeOpenApiExamples } from '@portal/testing';

import { createProfileApp } from '../src/profile-app';
import { ProfileEnvironment, PROFILE_ENV_DEFAULTS } from '../src/profile-environment';

// The examples refer to records of the demo catalogue, which a fresh database receives (SEED_DEMO_DATA=auto).
describeOpenApiExamples({
  service: 'profile-service',
  environment: ProfileEnvironment,
  defaults: PROFILE_ENV_DEFAULTS,
  createApp: createProfileApp,
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  roles: ['ProfileApi_Max'],
  versions: ['v10-0', 'v9-1'],
  tryItOut: { method: 'post', path: '/v10-0/clients', status: 201 },
});
