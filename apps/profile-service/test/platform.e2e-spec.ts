import path from 'node:path';

import { describeServicePlatform } from '@portal/testing';

import { createProfileApp } from '../src/profile-app';
import { ProfileEnvironment, PROFILE_ENV_DEFAULTS } from '../src/profile-environment';

describeServicePlatform({
  service: 'profile-service',
  environment: ProfileEnvironment,
  defaults: PROFILE_ENV_DEFAULTS,
  createApp: createProfileApp,
  role: 'ProfileApi_Low',
  bodyRoute: '/demo/v10-0/clients',
  writeRole: 'ProfileApi_Max',
  migrationsTable: 'profile_migrations',
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  expectedPaths: [
    '/v10-0/clients',
    '/v10-0/clients/{clientId}',
    '/v9-1/clients/{clientId}',
    '/v10-0/identification-levels/{identificationLevelId}',
    '/v10-0/org-identification-levels/{identificationLevelId}',
    '/v10-0/identity-providers/{identityProviderId}',
    '/v10-0/legal-forms/{legalFormId}',
    '/v10-0/marital-statuses/{maritalStatusId}',
    '/v10-0/org-categories/{orgCategoryId}',
    '/v10-0/org-categories/{orgCategoryId}/roles',
    '/v10-0/org-categories/{orgCategoryId}/roles/{roleId}',
    '/v9-1/org-categories/{orgCategoryId}/roles/{roleId}',
    '/v10-0/roles/{roleId}',
    '/v10-0/service-themes/{serviceThemeId}',
    '/v10-0/services',
    '/v10-0/services/{serviceId}',
    '/v10-0/services/{serviceId}/roles/{roleId}',
    '/v10-0/services/{serviceId}/clients/{clientId}',
    '/v10-0/services/{serviceId}/survey',
    '/v9-1/services/{serviceId}/survey',
    '/v10-0/service-settings/{settingId}',
    '/v10-0/identities',
    '/v9-1/identities',
  ],
});
