import { RoleEntity } from './reference-data/roles/role.entity';
import { ServiceThemeEntity } from './catalogue/service-themes/service-theme.entity';
import { ServiceClientEntity } from './catalogue/services/entities/service-client.entity';
import { ServiceRoleEntity } from './catalogue/services/entities/service-role.entity';
import { ServiceEntity } from './catalogue/services/entities/service.entity';
import { SurveyEntity } from './catalogue/services/entities/survey.entity';
import { FavoriteServiceEntity } from './profiles/favorites/favorite-service.entity';
import { IdentityEntity } from './profiles/identities/identity.entity';
import { ProcurationInviteEntity } from './procurations/entities/procuration-invite.entity';
import { ProcurationServiceEntity } from './procurations/entities/procuration-service.entity';
import { ProcurationEntity } from './procurations/entities/procuration.entity';
import { ProfileRoleEntity } from './profiles/profile-roles/profile-role.entity';
import { AccountEntity } from './profiles/entities/account.entity';
import { OrganizationEntity } from './profiles/entities/organization.entity';
import { PersonEntity } from './profiles/entities/person.entity';
import { ProfilePictureEntity } from './profiles/profile-pictures/profile-picture.entity';
import { ProfileEntity } from './profiles/entities/profile.entity';
import { SignatoryEntity } from './profiles/entities/signatory.entity';
import { ClientEntity } from './reference-data/clients/client.entity';
import { IdentificationLevelEntity } from './reference-data/identification-levels/identification-level.entity';
import { IdentityProviderEntity } from './reference-data/identity-providers/identity-provider.entity';
import { LegalFormEntity } from './reference-data/legal-forms/legal-form.entity';
import { MaritalStatusEntity } from './reference-data/marital-statuses/marital-status.entity';
import { OrgCategoryRoleEntity } from './reference-data/org-categories/org-category-roles/org-category-role.entity';
import { OrgCategoryEntity } from './reference-data/org-categories/org-category.entity';
import { OrgIdentificationLevelEntity } from './reference-data/org-identification-levels/org-identification-level.entity';
import { ReachReconciliationEntity } from './service-reach/reach-reconciliation.entity';
import { ServiceSettingValueEntity } from './profiles/profile-settings/service-setting-value.entity';
import { ServiceSettingEntity } from './settings/entities/service-setting.entity';

/** Every table of profile-service (interfaces 2.2), for the DataSource. */
export const PROFILE_ENTITIES = [
  ClientEntity,
  IdentificationLevelEntity,
  OrgIdentificationLevelEntity,
  IdentityProviderEntity,
  LegalFormEntity,
  MaritalStatusEntity,
  OrgCategoryEntity,
  OrgCategoryRoleEntity,
  RoleEntity,
  ServiceThemeEntity,
  ServiceEntity,
  ServiceRoleEntity,
  ServiceClientEntity,
  SurveyEntity,
  ServiceSettingEntity,
  ServiceSettingValueEntity,
  AccountEntity,
  PersonEntity,
  OrganizationEntity,
  SignatoryEntity,
  ProfileEntity,
  ProfilePictureEntity,
  IdentityEntity,
  ProfileRoleEntity,
  FavoriteServiceEntity,
  ProcurationEntity,
  ProcurationServiceEntity,
  ProcurationInviteEntity,
  ReachReconciliationEntity,
];
