/**
 * Measures the service process's liveness and memory: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import path from 'node:path';

import { describeAmplificationFuzz } from '@portal/testing';

import { CONFIG_SERVICE } from '../src/config-app';

describeAmplificationFuzz({
  service: 'config-service',
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  roles: ['ConfigApi_Write'],
  limits: { bodyBytes: CONFIG_SERVICE.bodyLimitBytes, bodyElements: CONFIG_SERVICE.bodyLimitElements },
});
