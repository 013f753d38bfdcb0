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
    '/demo/v10-0/profiles/{profileId}/identities',
    '/demo/v10-0/profiles/{profileId}/identities/{identityProviderId}',
    '/demo/v10-0/profiles/{profileId}/picture',
    '/demo/v9-1/profiles/{profileId}/picture',
    '/demo/v10-0/profiles/{profileId}/services',
    '/demo/v10-0/profiles/{profileId}/services/{serviceId}',
    '/demo/v10-0/profiles/{profileId}/service-themes',
    '/demo/v10-0/profiles/{profileId}/favorite-services/{serviceId}',
    '/demo/v10-0/profiles/{profileId}/service-settings',
    '/demo/v10-0/profiles/{profileId}/service-settings/{settingId}',
    '/demo/v9-1/profiles/{profileId}/service-settings/{settingId}',
  ],
});
