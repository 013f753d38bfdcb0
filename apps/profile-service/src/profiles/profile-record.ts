import type { IdentityEntity } from './identities/identity.entity';
import type { LegalFormEntity } from '../reference-data/legal-forms/legal-form.entity';
import type { MaritalStatusEntity } from '../reference-data/marital-statuses/marital-status.entity';
import type { OrgCategoryEntity } from '../reference-data/org-categories/org-category.entity';
import type { OrgIdentificationLevelEntity } from '../reference-data/org-identification-levels/org-identification-level.entity';
import type { AccountEntity } from './entities/account.entity';
import type { OrganizationEntity } from './entities/organization.entity';
import type { PersonEntity } from './entities/person.entity';
import type { ProfilePictureEntity } from './profile-pictures/profile-picture.entity';
import type { ProfileEntity } from './entities/profile.entity';
import type { SignatoryEntity } from './entities/signatory.entity';

/**
 * A profile as read, with what was expanded: a property is present when its expansion was asked
 * for (and null when the profile has none), absent otherwise.
 */
export interface ProfileRecord {
  profile: ProfileEntity;
  person?: PersonRecord | null;
  organization?: OrganizationRecord | null;
  picture?: ProfilePictureEntity | null;
}

export interface PersonRecord {
  person: PersonEntity;
  maritalStatus?: MaritalStatusEntity | null;
  account?: AccountRecord;
}

export interface AccountRecord {
  account: AccountEntity;
  identities?: IdentityEntity[];
}

export interface OrganizationRecord {
  organization: OrganizationEntity;
  /** Both the legal form and the category let an owner delete the organization. */
  isDeletableByOwner: boolean;
  legalForm?: LegalFormEntity;
  category?: OrgCategoryEntity;
  identificationLevel?: OrgIdentificationLevelEntity | null;
  signatories?: SignatoryEntity[];
}
