import type { EntitySchemas } from '@portal/access-level';

import { ROLE_RESOURCE } from './reference-data/roles/role.response';
import { SERVICE_THEME_RESOURCE } from './catalogue/service-themes/service-theme.response';
import {
  SERVICE_CLIENT_RESOURCE,
  SERVICE_ROLE_RESOURCE,
  SURVEY_RESOURCE,
} from './catalogue/services/dto/service-relations.response';
import { responsePropertiesOf } from './common/crud/resource-definition';
import { shapeOfResponse } from './common/response-shape';
import { FavoriteServiceResponse } from './profiles/favorites/favorite-service.response';
import { IDENTITY_RELATIONS, IdentityResponse } from './profiles/identities/identity.response';
import { ProcurationInviteResponse } from './procurations/dto/procuration-invite.response';
import { PROCURATION_RELATIONS, ProcurationResponse } from './procurations/dto/procuration.response';
import { ProcurationServiceResponse } from './service-reach/procuration-service.response';
import { ProfilePictureResponse } from './profiles/profile-pictures/profile-picture.response';
import { ProfileRoleResponse } from './profiles/profile-roles/profile-role.response';
import {
  SERVICE_RELATIONS,
  ProfileServiceResponse,
} from './profiles/profile-services/profile-service.response';
import {
  SERVICE_SETTING_RELATIONS,
  ProfileServiceSettingResponse,
  ServiceSettingValueResponse,
} from './profiles/profile-settings/profile-setting.response';
import {
  ExpandedAccountResponse,
  OrganizationResponse,
  PersonResponse,
  ProfileResponse,
  SignatoryResponse,
} from './profiles/dto/profile.response';
import { CLIENT_RESOURCE } from './reference-data/clients/client.response';
import { IDENTIFICATION_LEVEL_RESOURCE } from './reference-data/identification-levels/identification-level.response';
import { IDENTITY_PROVIDER_RESOURCE } from './reference-data/identity-providers/identity-provider.response';
import { LEGAL_FORM_RESOURCE } from './reference-data/legal-forms/legal-form.response';
import { MARITAL_STATUS_RESOURCE } from './reference-data/marital-statuses/marital-status.response';
import { ORG_CATEGORY_RESOURCE } from './reference-data/org-categories/org-category.response';
import { ORG_CATEGORY_ROLE_RESOURCE } from './reference-data/org-categories/org-category-roles/org-category-role.response';
import { ORG_IDENTIFICATION_LEVEL_RESOURCE } from './reference-data/org-identification-levels/org-identification-level.response';

/**
 * The shape of every response by entity key (interfaces 5), for projection and `Select`:
 * properties, and nested objects with the entity key that projects them.
 */
export const PROFILE_ENTITY_SCHEMAS: EntitySchemas = {
  client: { properties: responsePropertiesOf(CLIENT_RESOURCE) },
  identificationLevel: { properties: responsePropertiesOf(IDENTIFICATION_LEVEL_RESOURCE) },
  orgIdentificationLevel: { properties: responsePropertiesOf(ORG_IDENTIFICATION_LEVEL_RESOURCE) },
  identityProvider: { properties: responsePropertiesOf(IDENTITY_PROVIDER_RESOURCE) },
  legalForm: { properties: responsePropertiesOf(LEGAL_FORM_RESOURCE) },
  maritalStatus: { properties: responsePropertiesOf(MARITAL_STATUS_RESOURCE) },
  orgCategory: { properties: responsePropertiesOf(ORG_CATEGORY_RESOURCE) },
  orgCategoryRole: { properties: responsePropertiesOf(ORG_CATEGORY_ROLE_RESOURCE) },
  role: { properties: responsePropertiesOf(ROLE_RESOURCE), relations: { profileRole: 'profileRole' } },
  profileRole: shapeOfResponse(ProfileRoleResponse),
  serviceTheme: { properties: responsePropertiesOf(SERVICE_THEME_RESOURCE) },
  service: shapeOfResponse(ProfileServiceResponse, SERVICE_RELATIONS),
  serviceRole: { properties: responsePropertiesOf(SERVICE_ROLE_RESOURCE) },
  serviceClient: { properties: responsePropertiesOf(SERVICE_CLIENT_RESOURCE) },
  survey: { properties: responsePropertiesOf(SURVEY_RESOURCE) },
  serviceSetting: shapeOfResponse(ProfileServiceSettingResponse, SERVICE_SETTING_RELATIONS),
  serviceSettingValue: shapeOfResponse(ServiceSettingValueResponse),
  identity: shapeOfResponse(IdentityResponse, IDENTITY_RELATIONS),
  account: shapeOfResponse(ExpandedAccountResponse, { identities: 'identity' }),
  profile: shapeOfResponse(ProfileResponse, {
    person: 'person',
    organization: 'organization',
    profilePicture: 'profilePicture',
  }),
  person: shapeOfResponse(PersonResponse, { account: 'account', maritalStatus: 'maritalStatus' }),
  organization: shapeOfResponse(OrganizationResponse, {
    signatories: 'orgSignatory',
    legalForm: 'legalForm',
    category: 'orgCategory',
    identificationLevel: 'orgIdentificationLevel',
  }),
  orgSignatory: shapeOfResponse(SignatoryResponse),
  profilePicture: shapeOfResponse(ProfilePictureResponse),
  favoriteService: shapeOfResponse(FavoriteServiceResponse),
  procuration: shapeOfResponse(ProcurationResponse, PROCURATION_RELATIONS),
  procurationService: shapeOfResponse(ProcurationServiceResponse),
  procurationInvite: shapeOfResponse(ProcurationInviteResponse),
};
