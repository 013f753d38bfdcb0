import { auditOf, isoOrNull } from '../common/audited.response';
import { toResponse } from '../common/crud/resource-definition';
import { toIdentityResponse } from './identity.mapper';
import { toProfilePictureResponse } from './profile-picture.mapper';
import { LEGAL_FORM_RESOURCE } from '../reference-data/legal-forms/legal-forms.service';
import { MARITAL_STATUS_RESOURCE } from '../reference-data/marital-statuses/marital-statuses.service';
import { ORG_CATEGORY_RESOURCE } from '../reference-data/org-categories/org-categories.service';
import { ORG_IDENTIFICATION_LEVEL_RESOURCE } from '../reference-data/org-identification-levels/org-identification-levels.service';
import { toAccountResponse } from './account.response';
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
    lastLoginStamp: isoOrNull(profile.lastLoginStamp),
    loginCount: profile.loginCount,
    inactivityState: profile.inactivityState,
    isFlaggedForDeletion: profile.isFlaggedForDeletion,
    gracePeriodEndDate: isoOrNull(profile.gracePeriodEndDate),
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
    birthdate: isoOrNull(person.birthdate),
    maritalStatusId: person.maritalStatusId,
    ...(record.maritalStatus === undefined
      ? {}
      : {
          maritalStatus: record.maritalStatus && toResponse(MARITAL_STATUS_RESOURCE, record.maritalStatus),
        }),
    ...(record.account === undefined ? {} : { account: toExpandedAccountResponse(record.account) }),
    ...auditOf(person),
  };
}

export function toExpandedAccountResponse(record: AccountRecord): ExpandedAccountResponse {
  const account = toAccountResponse(record.account);
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
      : { legalForm: toResponse(LEGAL_FORM_RESOURCE, record.legalForm) }),
    ...(record.category === undefined
      ? {}
      : { category: toResponse(ORG_CATEGORY_RESOURCE, record.category) }),
    ...(record.identificationLevel === undefined
      ? {}
      : {
          identificationLevel:
            record.identificationLevel &&
            toResponse(ORG_IDENTIFICATION_LEVEL_RESOURCE, record.identificationLevel),
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
    birthdate: isoOrNull(signatory.birthdate),
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
