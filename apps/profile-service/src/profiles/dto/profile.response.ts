import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { AuditedResponse } from '../../common/audited.response';
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
import { IdentityResponse } from '../identities/identity.dto';
import { ProfilePictureResponse } from '../profile-pictures/profile-picture.dto';
import { LegalFormResponse } from '../../reference-data/legal-forms/legal-form.dto';
import { MaritalStatusResponse } from '../../reference-data/marital-statuses/marital-status.dto';
import { OrgCategoryResponse } from '../../reference-data/org-categories/org-category.dto';
import { OrgIdentificationLevelResponse } from '../../reference-data/org-identification-levels/org-identification-level.dto';
import { AccountResponse } from './account.response';

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
