import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { AuditedResponse, auditOf, isoOrNull } from '../../common/audited.response';
import {
  GENDERS,
  type Gender,
  INACTIVITY_STATES,
  type InactivityState,
  SIGNATORY_TYPES,
  type SignatoryType,
  SIGNATURE_TYPES,
  type SignatureType,
} from '../../common/domain-enums';
import { IdentityResponse, toIdentityResponse } from '../identities/identity.response';
import {
  ProfilePictureResponse,
  toProfilePictureResponse,
} from '../profile-pictures/profile-picture.response';
import { LegalFormResponse, LEGAL_FORM_RESOURCE } from '../../reference-data/legal-forms/legal-form.response';
import {
  MaritalStatusResponse,
  MARITAL_STATUS_RESOURCE,
} from '../../reference-data/marital-statuses/marital-status.response';
import {
  OrgCategoryResponse,
  ORG_CATEGORY_RESOURCE,
} from '../../reference-data/org-categories/org-category.response';
import {
  OrgIdentificationLevelResponse,
  ORG_IDENTIFICATION_LEVEL_RESOURCE,
} from '../../reference-data/org-identification-levels/org-identification-level.response';
import { AccountResponse, toAccountResponse } from '../account.response';
import { toResponse } from '../../common/crud/resource-definition';
import type { AccountRecord, OrganizationRecord, PersonRecord, ProfileRecord } from '../profile-record';
import type { SignatoryEntity } from '../entities/signatory.entity';

const nullableString = { type: String, nullable: true } as const;
const nullableDateTime = { type: String, format: 'date-time', nullable: true } as const;
const nullableInteger = { type: 'integer', nullable: true } as const;

/** An account as read within its person (entity key `account`): the password is never shown. */
export class ExpandedAccountResponse extends AccountResponse {
  @ApiPropertyOptional({ type: [IdentityResponse], description: 'With Expand=Person_Account_Identities.' })
  readonly identities?: IdentityResponse[];
}

/** The person of a person profile (entity key `person`). */
export class PersonResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly accountId: number;
  @ApiProperty(nullableString) readonly firstname: string | null;
  @ApiProperty(nullableString) readonly lastname: string | null;
  @ApiProperty({ enum: GENDERS }) readonly gender: Gender;
  @ApiProperty(nullableString) readonly ahvNumber: string | null;
  @ApiProperty(nullableString) readonly mobilePhone: string | null;
  @ApiProperty(nullableDateTime) readonly birthdate: string | null;
  @ApiProperty(nullableInteger) readonly maritalStatusId: number | null;
  @ApiPropertyOptional({
    type: MaritalStatusResponse,
    nullable: true,
    description: 'With Expand=Person_MaritalStatus.',
  })
  readonly maritalStatus?: MaritalStatusResponse | null;
  @ApiPropertyOptional({ type: ExpandedAccountResponse, description: 'With Expand=Person_Account.' })
  readonly account?: ExpandedAccountResponse;
}

/** A person who signs for an organization (entity key `orgSignatory`). */
export class SignatoryResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly organizationId: number;
  @ApiProperty() readonly isRequester: boolean;
  @ApiProperty({ enum: SIGNATORY_TYPES }) readonly type: SignatoryType;
  @ApiProperty(nullableString) readonly position: string | null;
  @ApiProperty({ enum: GENDERS }) readonly gender: Gender;
  @ApiProperty(nullableString) readonly firstname: string | null;
  @ApiProperty(nullableString) readonly lastname: string | null;
  @ApiProperty(nullableDateTime) readonly birthdate: string | null;
  @ApiProperty(nullableString) readonly email: string | null;
  @ApiProperty(nullableString) readonly ahvNumber: string | null;
  @ApiProperty(nullableString) readonly identityNumber: string | null;
  @ApiProperty(nullableString) readonly address: string | null;
  @ApiProperty(nullableString) readonly zipCode: string | null;
  @ApiProperty(nullableString) readonly city: string | null;
  @ApiProperty(nullableString) readonly origin: string | null;
}

/** The organization of an organization profile (entity key `organization`). */
export class OrganizationResponse extends AuditedResponse {
  @ApiProperty() readonly name: string;
  @ApiProperty(nullableString) readonly uid: string | null;
  @ApiProperty(nullableInteger) readonly fsoId: number | null;
  @ApiProperty(nullableString) readonly website: string | null;
  @ApiProperty({ type: 'integer' }) readonly orgCategoryId: number;
  @ApiProperty({ type: 'integer' }) readonly legalFormId: number;
  @ApiProperty(nullableInteger) readonly orgIdentificationLevelId: number | null;
  @ApiProperty(nullableString) readonly identificationProcess: string | null;
  @ApiProperty() readonly isSelfRegistration: boolean;
  @ApiProperty(nullableInteger) readonly createdByProfileId: number | null;
  @ApiProperty() readonly isPending: boolean;
  @ApiProperty({ enum: SIGNATURE_TYPES }) readonly signatureType: SignatureType;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) readonly businessCaseId: string | null;
  @ApiProperty({
    description: 'An owner may delete the organization: both its legal form and its category allow it.',
  })
  readonly isDeletableByOwner: boolean;
  @ApiPropertyOptional({ type: [SignatoryResponse], description: 'With Expand=Organization_Signatories.' })
  readonly signatories?: SignatoryResponse[];
  @ApiPropertyOptional({ type: LegalFormResponse, description: 'With Expand=Organization_LegalForm.' })
  readonly legalForm?: LegalFormResponse;
  @ApiPropertyOptional({ type: OrgCategoryResponse, description: 'With Expand=Organization_Category.' })
  readonly category?: OrgCategoryResponse;
  @ApiPropertyOptional({
    type: OrgIdentificationLevelResponse,
    nullable: true,
    description: 'With Expand=Organization_IdentificationLevel.',
  })
  readonly identificationLevel?: OrgIdentificationLevelResponse | null;
}

/** A person or organization profile (entity key `profile`). */
export class ProfileResponse extends AuditedResponse {
  @ApiProperty({ ...nullableInteger, description: 'Set for person profiles.' }) readonly personId:
    number | null;
  @ApiProperty({ ...nullableInteger, description: 'Set for organization profiles.' })
  readonly organizationId: number | null;
  @ApiProperty() readonly isEnabled: boolean;
  @ApiProperty(nullableString) readonly externalKey: string | null;
  @ApiProperty(nullableString) readonly language: string | null;
  @ApiProperty() readonly email: string;
  @ApiProperty(nullableString) readonly phone: string | null;
  @ApiProperty(nullableString) readonly fax: string | null;
  @ApiProperty(nullableString) readonly address: string | null;
  @ApiProperty(nullableString) readonly zipCode: string | null;
  @ApiProperty(nullableString) readonly city: string | null;
  @ApiProperty(nullableString) readonly countryCode: string | null;
  @ApiProperty() readonly acceptsAdvertisement: boolean;
  @ApiProperty(nullableDateTime) readonly lastLoginStamp: string | null;
  @ApiProperty({ type: 'integer' }) readonly loginCount: number;
  @ApiProperty({ enum: INACTIVITY_STATES }) readonly inactivityState: InactivityState;
  @ApiProperty() readonly isFlaggedForDeletion: boolean;
  @ApiProperty({ ...nullableDateTime, description: 'Last day of the grace period.' })
  readonly gracePeriodEndDate: string | null;
  @ApiPropertyOptional({
    type: PersonResponse,
    nullable: true,
    description: 'With Expand=Person (null for an organization profile).',
  })
  readonly person?: PersonResponse | null;
  @ApiPropertyOptional({
    type: OrganizationResponse,
    nullable: true,
    description: 'With Expand=Organization (null for a person profile).',
  })
  readonly organization?: OrganizationResponse | null;
  @ApiPropertyOptional({
    type: ProfilePictureResponse,
    nullable: true,
    description: 'With Expand=ProfilePicture (null when the profile has none).',
  })
  readonly profilePicture?: ProfilePictureResponse | null;
}

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
