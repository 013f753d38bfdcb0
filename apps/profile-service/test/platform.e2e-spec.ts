import path from 'node:path';

import { DataSource } from 'typeorm';

import {
  itServesThePlatformRoutes,
  type RunningTestApp,
  startTestApp,
  TestClient,
  testToken,
} from '@portal/testing';

import { createProfileApp } from '../src/profile-app';
import { ProfileEnvironment, PROFILE_ENV_DEFAULTS } from '../src/profile-environment';

describe('profile-service platform routes (HTTP, real PostgreSQL)', () => {
  let running: RunningTestApp<ProfileEnvironment>;
  let anonymous: TestClient;
  let authenticated: TestClient;

  beforeAll(async () => {
    running = await startTestApp({
      label: 'profile_platform',
      environment: ProfileEnvironment,
      defaults: PROFILE_ENV_DEFAULTS,
      createApp: createProfileApp,
    });
    anonymous = new TestClient(running.baseUrl);
    authenticated = anonymous.withToken(await testToken(['ProfileApi_Low']));
  });

  afterAll(async () => {
    await running?.close();
  });

  itServesThePlatformRoutes(() => ({ anonymous, authenticated }), {
    openApiFile: path.join(__dirname, '..', 'openapi.json'),
    tenantPath: '/demo/v10-0',
    expectedPaths: [
      '/demo/v10-0/clients',
      '/demo/v10-0/clients/{clientId}',
      '/demo/v9-1/clients/{clientId}',
      '/demo/v10-0/identification-levels/{identificationLevelId}',
      '/demo/v10-0/org-identification-levels/{identificationLevelId}',
      '/demo/v10-0/identity-providers/{identityProviderId}',
      '/demo/v10-0/legal-forms/{legalFormId}',
      '/demo/v10-0/marital-statuses/{maritalStatusId}',
      '/demo/v10-0/org-categories/{orgCategoryId}',
      '/demo/v10-0/org-categories/{orgCategoryId}/roles',
      '/demo/v10-0/org-categories/{orgCategoryId}/roles/{roleId}',
      '/demo/v9-1/org-categories/{orgCategoryId}/roles/{roleId}',
      '/demo/v10-0/roles/{roleId}',
      '/demo/v10-0/service-themes/{serviceThemeId}',
      '/demo/v10-0/services',
      '/demo/v10-0/services/{serviceId}',
      '/demo/v10-0/services/{serviceId}/roles/{roleId}',
      '/demo/v10-0/services/{serviceId}/clients/{clientId}',
      '/demo/v10-0/services/{serviceId}/survey',
      '/demo/v9-1/services/{serviceId}/survey',
      '/demo/v10-0/service-settings/{settingId}',
      '/demo/v10-0/identities',
      '/demo/v9-1/identities',
    ],
  });

  it('keeps its own migration history in its own table', async () => {
    const rows = await running.app
      .get(DataSource)
      .query('SELECT count(*)::int AS applied FROM profile_migrations');
    expect(rows).toEqual([{ applied: expect.any(Number) }]);
  });
});
