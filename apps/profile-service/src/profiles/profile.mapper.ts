import type { PageQueryDto } from '@portal/pagination';

import { auditOf } from '../common/audited.response';
import { type AuditedRecord, type ResourceDefinition, toResponse } from '../common/crud/resource-definition';
import { toIdentityResponse } from '../identities/identity.mapper';
import { toProfilePictureResponse } from '../profile-pictures/profile-picture.mapper';
import type { LegalFormResponse } from '../reference-data/legal-forms/legal-form.dto';
import { LEGAL_FORM_RESOURCE } from '../reference-data/legal-forms/legal-forms.service';
import type { MaritalStatusResponse } from '../reference-data/marital-statuses/marital-status.dto';
import { MARITAL_STATUS_RESOURCE } from '../reference-data/marital-statuses/marital-statuses.service';
import { ORG_CATEGORY_RESOURCE } from '../reference-data/org-categories/org-categories.service';
import type { OrgCategoryResponse } from '../reference-data/org-categories/org-category.dto';
import type { OrgIdentificationLevelResponse } from '../reference-data/org-identification-levels/org-identification-level.dto';
import { ORG_IDENTIFICATION_LEVEL_RESOURCE } from '../reference-data/org-identification-levels/org-identification-levels.service';
import { ACCOUNT_RESOURCE, type AccountResponse } from './account.response';
import type {
  ExpandedAccountResponse,
  OrganizationResponse,
  PersonResponse,
  ProfileResponse,
  SignatoryResponse,
} from './dto/profile.response';
import type { AccountRecord, OrganizationRecord, PersonRecord, ProfileRecord } from './profile-record';
import type { SignatoryEntity } from './signatory.entity';

/**
 * Profiles as the API returns them (interfaces 2.2): whitelisted fields in their documented
 * order, nested objects only where expanded, date-times in UTC with `Z`. The password (hash) is
 * never read, so it cannot be returned.
 */
export function toProfileResponse(record: ProfileRecord): ProfileResponse {
  const { profile } = record;
  return {
    id: profile.id,
    personId: profile.personId,
    organizationId: profile.organizationId,
    isEnabled: profile.isEnabled,
    externalKey: profile.externalKey,
    language: profile.language,
    email: profile.email,
    phone: profile.phone,
    fax: profile.fax,
    address: profile.address,
    zipCode: profile.zipCode,
    city: profile.city,
    countryCode: profile.countryCode,
    acceptsAdvertisement: profile.acceptsAdvertisement,
    lastLoginStamp: iso(profile.lastLoginStamp),
    loginCount: profile.loginCount,
    inactivityState: profile.inactivityState,
    isFlaggedForDeletion: profile.isFlaggedForDeletion,
    gracePeriodEndDate: iso(profile.gracePeriodEndDate),
    ...(record.person === undefined ? {} : { person: record.person && toPersonResponse(record.person) }),
    ...(record.organization === undefined
      ? {}
      : { organization: record.organization && toOrganizationResponse(record.organization) }),
    ...(record.picture === undefined
      ? {}
      : {
          profilePicture:
            record.picture &&
            toProfilePictureResponse(record.picture, {
              includeBytes: record.picture.customImageBytes !== undefined,
            }),
        }),
    ...auditOf(profile),
  };
}

export function toPersonResponse(record: PersonRecord): PersonResponse {
  const { person } = record;
  return {
    id: person.id,
    accountId: person.accountId,
    firstname: person.firstname,
    lastname: person.lastname,
    gender: person.gender,
    ahvNumber: person.ahvNumber,
    mobilePhone: person.mobilePhone,
    birthdate: iso(person.birthdate),
    maritalStatusId: person.maritalStatusId,
    ...(record.maritalStatus === undefined
      ? {}
      : {
          maritalStatus:
            record.maritalStatus &&
            (reference(MARITAL_STATUS_RESOURCE, record.maritalStatus) as unknown as MaritalStatusResponse),
        }),
    ...(record.account === undefined ? {} : { account: toAccountResponse(record.account) }),
    ...auditOf(person),
  };
}

export function toAccountResponse(record: AccountRecord): ExpandedAccountResponse {
  const account = reference(ACCOUNT_RESOURCE, record.account) as unknown as AccountResponse;
  if (record.identities === undefined) return account;
  const { createdBy, createStamp, updatedBy, updateStamp, ...fields } = account;
  return {
    ...fields,
    identities: record.identities.map(toIdentityResponse),
    createdBy,
    createStamp,
    updatedBy,
    updateStamp,
  };
}

export function toOrganizationResponse(record: OrganizationRecord): OrganizationResponse {
  const { organization } = record;
  return {
    id: organization.id,
    name: organization.name,
    uid: organization.uid,
    fsoId: organization.fsoId,
    website: organization.website,
    orgCategoryId: organization.orgCategoryId,
    legalFormId: organization.legalFormId,
    orgIdentificationLevelId: organization.orgIdentificationLevelId,
    identificationProcess: organization.identificationProcess,
    isSelfRegistration: organization.isSelfRegistration,
    createdByProfileId: organization.createdByProfileId,
    isPending: organization.isPending,
    signatureType: organization.signatureType,
    businessCaseId: organization.businessCaseId,
    isDeletableByOwner: record.isDeletableByOwner,
    ...(record.signatories === undefined ? {} : { signatories: record.signatories.map(toSignatoryResponse) }),
    ...(record.legalForm === undefined
      ? {}
      : { legalForm: reference(LEGAL_FORM_RESOURCE, record.legalForm) as unknown as LegalFormResponse }),
    ...(record.category === undefined
      ? {}
      : { category: reference(ORG_CATEGORY_RESOURCE, record.category) as unknown as OrgCategoryResponse }),
    ...(record.identificationLevel === undefined
      ? {}
      : {
          identificationLevel:
            record.identificationLevel &&
            (reference(
              ORG_IDENTIFICATION_LEVEL_RESOURCE,
              record.identificationLevel,
            ) as unknown as OrgIdentificationLevelResponse),
        }),
    ...auditOf(organization),
  };
}

export function toSignatoryResponse(signatory: SignatoryEntity): SignatoryResponse {
  return {
    id: signatory.id,
    organizationId: signatory.organizationId,
    isRequester: signatory.isRequester,
    type: signatory.type,
    position: signatory.position,
    gender: signatory.gender,
    firstname: signatory.firstname,
    lastname: signatory.lastname,
    birthdate: iso(signatory.birthdate),
    email: signatory.email,
    ahvNumber: signatory.ahvNumber,
    identityNumber: signatory.identityNumber,
    address: signatory.address,
    zipCode: signatory.zipCode,
    city: signatory.city,
    origin: signatory.origin,
    ...auditOf(signatory),
  };
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** A reference or catalogue record as its own routes return it. */
function reference<E extends AuditedRecord, Q extends PageQueryDto>(
  definition: ResourceDefinition<E, Q>,
  record: E,
): Record<string, unknown> {
  return toResponse(definition, record);
}
