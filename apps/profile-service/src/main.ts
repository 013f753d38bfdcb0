// First: traces (README "Traces") before anything they follow is loaded.
import './tracing';
import 'reflect-metadata';

import { runService } from '@portal/service-runtime';

import { profileDataSourceOptions } from './data-source';
import { ProfileEnvironment, PROFILE_ENV_DEFAULTS } from './profile-environment';
import { createProfileApp } from './profile-app';

void runService({
  name: 'profile-service',
  environment: ProfileEnvironment,
  defaults: PROFILE_ENV_DEFAULTS,
  databaseName: 'profile',
  basePath: 'v10-0',
  dataSourceOptions: (databaseUrl) => profileDataSourceOptions(databaseUrl),
  createApp: createProfileApp,
});
