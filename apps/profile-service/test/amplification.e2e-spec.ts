/**
 * Measures the service process's liveness and memory: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import path from 'node:path';

import { describeAmplificationFuzz } from '@portal/testing';

import { PROFILE_SERVICE } from '../src/profile-app';

describeAmplificationFuzz({
  service: 'profile-service',
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  roles: ['ProfileApi_Max'],
  limits: { bodyBytes: PROFILE_SERVICE.bodyLimitBytes, bodyElements: PROFILE_SERVICE.bodyLimitElements },
});
