import type { ConstraintPaths } from '@portal/database';

import { ROLE_NAME_UNIQUE } from './reference-data/roles/role.entity';
import { SERVICE_THEME_NAME_UNIQUE } from './catalogue/service-themes/service-theme.entity';
import {
  SERVICE_EXTERNAL_ID_UNIQUE,
  SERVICE_IDENTIFICATION_LEVEL_FK,
  SERVICE_NAME_UNIQUE,
  SERVICE_ORG_IDENTIFICATION_LEVEL_FK,
  SERVICE_THEME_FK,
} from './catalogue/services/entities/service.entity';
import {
  IDENTITY_EXTERNAL_ID_UNIQUE,
  IDENTITY_IDENTIFICATION_LEVEL_FK,
} from './profiles/identities/identity.entity';
import { ACCOUNT_USERNAME_UNIQUE } from './profiles/entities/account.entity';
import {
  ORGANIZATION_CATEGORY_FK,
  ORGANIZATION_CREATED_BY_PROFILE_FK,
  ORGANIZATION_IDENTIFICATION_LEVEL_FK,
  ORGANIZATION_LEGAL_FORM_FK,
} from './profiles/entities/organization.entity';
import { PERSON_MARITAL_STATUS_FK } from './profiles/entities/person.entity';
import { PROFILE_EXTERNAL_KEY_UNIQUE } from './profiles/entities/profile.entity';
import { CLIENT_NAME_UNIQUE } from './reference-data/clients/client.entity';
import { IDENTIFICATION_LEVEL_NAME_UNIQUE } from './reference-data/identification-levels/identification-level.entity';
import {
  IDENTITY_PROVIDER_DEFAULT_UNIQUE,
  IDENTITY_PROVIDER_NAME_UNIQUE,
} from './reference-data/identity-providers/identity-provider.entity';
import {
  LEGAL_FORM_CODE_UNIQUE,
  LEGAL_FORM_NAME_UNIQUE,
} from './reference-data/legal-forms/legal-form.entity';
import { MARITAL_STATUS_NAME_UNIQUE } from './reference-data/marital-statuses/marital-status.entity';
import {
  ORG_CATEGORY_CODE_UNIQUE,
  ORG_CATEGORY_NAME_UNIQUE,
} from './reference-data/org-categories/org-category.entity';
import {
  ORG_IDENTIFICATION_LEVEL_ELEVATION_SERVICE_FK,
  ORG_IDENTIFICATION_LEVEL_NAME_UNIQUE,
} from './reference-data/org-identification-levels/org-identification-level.entity';
import {
  SERVICE_SETTING_NAME_UNIQUE,
  SERVICE_SETTING_SERVICE_FK,
} from './settings/entities/service-setting.entity';

/**
 * Unique and foreign-key constraints mapped to the body property they guard, so that a violation
 * the database reports is a 400 on that property (contract 4), never a 500.
 */
export const PROFILE_CONSTRAINT_PATHS: ConstraintPaths = {
  [CLIENT_NAME_UNIQUE]: 'name',
  [IDENTIFICATION_LEVEL_NAME_UNIQUE]: 'name',
  [ORG_IDENTIFICATION_LEVEL_NAME_UNIQUE]: 'name',
  [ORG_IDENTIFICATION_LEVEL_ELEVATION_SERVICE_FK]: 'elevationServiceId',
  [IDENTITY_PROVIDER_NAME_UNIQUE]: 'name',
  [IDENTITY_PROVIDER_DEFAULT_UNIQUE]: 'isDefault',
  [LEGAL_FORM_NAME_UNIQUE]: 'name',
  [LEGAL_FORM_CODE_UNIQUE]: 'code',
  [MARITAL_STATUS_NAME_UNIQUE]: 'name',
  [ORG_CATEGORY_NAME_UNIQUE]: 'name',
  [ORG_CATEGORY_CODE_UNIQUE]: 'code',
  [ROLE_NAME_UNIQUE]: 'name',
  [SERVICE_THEME_NAME_UNIQUE]: 'name',
  [SERVICE_NAME_UNIQUE]: 'name',
  [SERVICE_EXTERNAL_ID_UNIQUE]: 'externalId',
  [SERVICE_IDENTIFICATION_LEVEL_FK]: 'identificationLevelId',
  [SERVICE_ORG_IDENTIFICATION_LEVEL_FK]: 'orgIdentificationLevelId',
  [SERVICE_THEME_FK]: 'serviceThemeId',
  [SERVICE_SETTING_NAME_UNIQUE]: 'name',
  [SERVICE_SETTING_SERVICE_FK]: 'serviceId',
  [ACCOUNT_USERNAME_UNIQUE]: 'person.account.username',
  [PROFILE_EXTERNAL_KEY_UNIQUE]: 'externalKey',
  [PERSON_MARITAL_STATUS_FK]: 'person.maritalStatusId',
  [ORGANIZATION_CATEGORY_FK]: 'organization.orgCategoryId',
  [ORGANIZATION_LEGAL_FORM_FK]: 'organization.legalFormId',
  [ORGANIZATION_IDENTIFICATION_LEVEL_FK]: 'organization.orgIdentificationLevelId',
  [ORGANIZATION_CREATED_BY_PROFILE_FK]: 'organization.createdByProfileId',
  [IDENTITY_EXTERNAL_ID_UNIQUE]: 'externalId',
  [IDENTITY_IDENTIFICATION_LEVEL_FK]: 'identificationLevelId',
};
