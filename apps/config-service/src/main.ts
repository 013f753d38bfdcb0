// First: traces (README "Traces") before anything they follow is loaded.
import './tracing';
import 'reflect-metadata';

import { runService } from '@portal/service-runtime';

import { configDataSourceOptions } from './data-source';
import { createConfigApp } from './config-app';
import { CONFIG_ENV_DEFAULTS, ConfigEnvironment } from './config-environment';

void runService({
  name: 'config-service',
  environment: ConfigEnvironment,
  defaults: CONFIG_ENV_DEFAULTS,
  databaseName: 'config',
  basePath: 'v10-0',
  dataSourceOptions: (databaseUrl) => configDataSourceOptions(databaseUrl),
  createApp: createConfigApp,
});
