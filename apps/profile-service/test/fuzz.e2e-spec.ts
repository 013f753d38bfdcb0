import path from 'node:path';

import { describeOpenApiFuzz } from '@portal/testing';

import { createProfileApp } from '../src/profile-app';
import { ProfileEnvironment, PROFILE_ENV_DEFAULTS } from '../src/profile-environment';

// The demo catalogue (SEED_DEMO_DATA=auto) and the examples give the path parameters records to hit.
describeOpenApiFuzz({
  service: 'profile-service',
  environment: ProfileEnvironment,
  defaults: PROFILE_ENV_DEFAULTS,
  createApp: createProfileApp,
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  roles: ['ProfileApi_Max'],
});
