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
  // The reach reconciler ticks during the fuzz, as it does in production beside requests; its
  // mark moves on every tick, what it reconciles is checked by procuration-sync's e2e.
  env: { REACH_RECONCILE_INTERVAL_MS: '500' },
  tablesTimersWrite: ['reach_reconciliation'],
});
