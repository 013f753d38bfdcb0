// First: traces (README "Traces") before anything they follow is loaded.
import './tracing';
import 'reflect-metadata';

import { runService } from '@portal/service-runtime';

import { renderDataSourceOptions } from './data-source';
import { RenderEnvironment, RENDER_ENV_DEFAULTS } from './render-environment';
import { createRenderApp } from './render-app';

void runService({
  name: 'render-service',
  environment: RenderEnvironment,
  defaults: RENDER_ENV_DEFAULTS,
  databaseName: 'render',
  basePath: 'v10-0',
  dataSourceOptions: (databaseUrl) => renderDataSourceOptions(databaseUrl),
  createApp: createRenderApp,
});
