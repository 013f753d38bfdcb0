import { applyDecorators, type Type } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type as TransformType } from 'class-transformer';
import {
  IsOptional,
  IsString,
  Length,
  registerDecorator,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';

import {
  CreatedBy,
  OptionalNestedArray,
  OptionalText,
  RequiredNested,
  RequiredPattern,
  RequiredText,
  UpdatedBy,
} from '@portal/http-context';

import {
  OptionalBoolean,
  OptionalDateTime,
  OptionalEmail,
  OptionalEnum,
  OptionalId,
  OptionalInt,
  OptionalNested,
  OptionalPattern,
  OptionalUuid,
  RequiredEmail,
  RequiredId,
} from '../../common/body-fields';
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

/**
 * The profile create and update bodies (interfaces 4.3), with the bounds of interfaces 8.
 *
 * On update a property left out keeps its value; null clears a nullable one (and leaves a
 * non-nullable one as it is). `person` and `organization` update the profile's own person or
 * organization; the kind of a profile never changes.
 */

/** International form: a plus, then 5 to 15 digits (E.164), single spaces allowed between them. */
export const PHONE_PATTERN = /^\+[1-9](?: ?[0-9]){4,14}$/;
const PHONE_MESSAGE = '$property must be an international number: + and 5 to 15 digits (+41 44 123 45 67)';
const ZIP_CODE_ON_CREATE = /^[0-9]{4}$/;
const TWO_LETTERS = /^[A-Za-z]{2}$/;
/** No leading or trailing white space, no control characters. */
const USERNAME_PATTERN = /^(?!\s)[^\p{Cc}]*(?<!\s)$/u;

const Phone = (description: string): PropertyDecorator =>
  OptionalPattern(PHONE_PATTERN, 40, PHONE_MESSAGE, description);
const TwoLetters = (description: string): PropertyDecorator =>
  OptionalPattern(TWO_LETTERS, 2, '$property must be exactly 2 letters', description);

/**
 * A password as sent: write-only, never stored (its argon2id hash is) and never returned. Not free
 * text: nobody reads it, so any character its owner chose is theirs.
 */
const Password = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      description: 'Write-only: stored as an argon2id hash, never returned. 8 to 128 characters.',
      type: String,
      format: 'password',
      writeOnly: true,
      minLength: 8,
      maxLength: 128,
      nullable: true,
    }),
    IsOptional(),
    IsString(),
    Length(8, 128),
  );

export class CreateAccountDto {
  @RequiredPattern(
    USERNAME_PATTERN,
    100,
    '$property must not start or end with white space nor contain control characters',
    'Sign-in name, unique case-insensitively.',
  )
  readonly username: string;

  @Password() readonly password?: string | null;
}

export class UpdateAccountDto {
  @Length(1, 100)
  @OptionalPattern(
    USERNAME_PATTERN,
    100,
    '$property must not start or end with white space nor contain control characters',
    'Sign-in name, unique case-insensitively.',
  )
  readonly username?: string | null;

  @Password() readonly password?: string | null;

  @OptionalInt('Minutes a session lasts, 1 to 525600 (a year).', { minimum: 1, maximum: 525_600 })
  readonly sessionDuration?: number | null;

  @OptionalBoolean('The sign-up is complete.', false) readonly isSignupComplete?: boolean | null;
  @OptionalBoolean('A local account (not only through identity providers).', false)
  readonly isLocal?: boolean | null;
  @OptionalBoolean('The person has seen their own profile.', false) readonly hasSeenOwnProfile?:
    boolean | null;
}

export class PersonFieldsDto {
  @OptionalText(160, 'First name.') readonly firstname?: string | null;
  @OptionalText(160, 'Last name.') readonly lastname?: string | null;
  @OptionalEnum(GENDERS, 'Gender.', 'Unknown') readonly gender?: Gender | null;
  @OptionalText(64, 'Swiss social security number (AHV/AVS).') readonly ahvNumber?: string | null;
  @Phone('Mobile phone number.') readonly mobilePhone?: string | null;
  @OptionalDateTime('Date of birth.') readonly birthdate?: string | null;
  @OptionalId('The marital status (an id of /marital-statuses).') readonly maritalStatusId?: number | null;
}

export class CreatePersonDto extends PersonFieldsDto {
  @RequiredNested(CreateAccountDto, 'The account the person signs in with.')
  readonly account: CreateAccountDto;
}

export class UpdatePersonDto extends PersonFieldsDto {
  @OptionalNested(UpdateAccountDto, "The person's account.")
  readonly account?: UpdateAccountDto | null;
}

export class SignatoryDto {
  @OptionalBoolean('This signatory asked for the registration.', false) readonly isRequester?: boolean | null;
  @OptionalEnum(SIGNATORY_TYPES, 'Kind of signatory.', 'Signer') readonly type?: SignatoryType | null;
  @OptionalText(160, 'Position in the organization.') readonly position?: string | null;
  @OptionalEnum(GENDERS, 'Gender.', 'Unknown') readonly gender?: Gender | null;
  @OptionalText(160, 'First name.') readonly firstname?: string | null;
  @OptionalText(160, 'Last name.') readonly lastname?: string | null;
  @OptionalDateTime('Date of birth.') readonly birthdate?: string | null;
  @OptionalEmail(400, 'E-mail address.') readonly email?: string | null;
  @OptionalText(64, 'Swiss social security number (AHV/AVS).') readonly ahvNumber?: string | null;
  @OptionalText(64, 'Number of an identity document.') readonly identityNumber?: string | null;
  @OptionalText(320, 'Address with house number.') readonly address?: string | null;
  @OptionalText(12, 'Postal code.') readonly zipCode?: string | null;
  @OptionalText(160, 'City.') readonly city?: string | null;
  @OptionalText(160, 'Place of origin.') readonly origin?: string | null;
}

export class OrganizationFieldsDto {
  @OptionalText(30, 'Swiss business identification number (CHE-123.456.789).') readonly uid?: string | null;
  @OptionalInt('Identifier at the Federal Statistical Office.', { nullable: true }) readonly fsoId?:
    number | null;
  @OptionalText(400, 'Web site.') readonly website?: string | null;
  @OptionalId('The identification level of the organization (an id of /org-identification-levels).')
  readonly orgIdentificationLevelId?: number | null;
  @OptionalText(100, 'How the organization was identified.') readonly identificationProcess?: string | null;
  @OptionalBoolean('The organization registered itself.', false) readonly isSelfRegistration?: boolean | null;
  @OptionalId('The profile that registered the organization.') readonly createdByProfileId?: number | null;
  @OptionalBoolean('The registration awaits validation.', false) readonly isPending?: boolean | null;
  @OptionalEnum(SIGNATURE_TYPES, 'How the organization signs.', 'Unknown')
  readonly signatureType?: SignatureType | null;
  @OptionalUuid('Business case of the registration.') readonly businessCaseId?: string | null;
}

export class CreateOrganizationDto extends OrganizationFieldsDto {
  @RequiredText(1, 160, 'Name of the organization.') readonly name: string;
  @RequiredId('The organization category (an id of /org-categories); it gives the profile its roles.')
  readonly orgCategoryId: number;
  @RequiredId('The legal form (an id of /legal-forms).') readonly legalFormId: number;
  @OptionalNestedArray(SignatoryDto, 100, 'The people who sign for the organization (at most 100).')
  readonly signatories?: SignatoryDto[] | null;
}

export class UpdateOrganizationDto extends OrganizationFieldsDto {
  @Length(1, 160)
  @OptionalText(160, 'Name of the organization.')
  readonly name?: string | null;
  @OptionalId('The organization category; a new one replaces the roles the old one gave.')
  readonly orgCategoryId?: number | null;
  @OptionalId('The legal form.') readonly legalFormId?: number | null;
}

/** The fields a profile has on create and on update alike. */
export class ProfileFieldsDto {
  @OptionalBoolean('The profile may be used.', true) readonly isEnabled?: boolean | null;
  @OptionalText(50, 'Key of the profile in another system; unique.') readonly externalKey?: string | null;
  @TwoLetters('Preferred language, two letters (de, fr, it, en).') readonly language?: string | null;
  @Phone('Phone number.') readonly phone?: string | null;
  @Phone('Fax number.') readonly fax?: string | null;
  @OptionalText(320, 'Address with house number.') readonly address?: string | null;
  @OptionalText(160, 'City.') readonly city?: string | null;
  @TwoLetters('Country, two letters (CH).') readonly countryCode?: string | null;
  @OptionalBoolean('The profile accepts advertisement.', true) readonly acceptsAdvertisement?: boolean | null;
}

/**
 * `person` or `organization` of a create body: exactly one of them (null counts as absent), and
 * an object validated by its own class.
 */
const ProfileKind = (type: Type, other: 'person' | 'organization', description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      type,
      nullable: true,
      description: `${description} Exactly one of person and organization.`,
    }),
    TransformType(() => type),
    Transform(({ value }: { value: unknown }) => (value === null ? undefined : value)),
    ValidateNested(),
    (target: object, property: string | symbol) =>
      registerDecorator({
        name: 'exactlyOneKind',
        target: target.constructor,
        propertyName: String(property),
        validator: {
          validate: (value: unknown, args: ValidationArguments) =>
            kindProblem(value, (args.object as Record<string, unknown>)[other]) === undefined,
          defaultMessage: (args: ValidationArguments) =>
            kindProblem(args.value, (args.object as Record<string, unknown>)[other], args.property, other) ??
            '',
        },
      }),
  );

function kindProblem(value: unknown, otherValue: unknown, property = '', other = ''): string | undefined {
  if (value !== undefined && (typeof value !== 'object' || Array.isArray(value))) {
    return `${property} must be an object`;
  }
  if (value === undefined && otherValue === undefined) {
    return `exactly one of ${property} and ${other} is required`;
  }
  if (value !== undefined && otherValue !== undefined)
    return `only one of ${property} and ${other} may be given`;
  return undefined;
}

export class CreateProfileDto extends ProfileFieldsDto {
  @RequiredEmail(400, 'E-mail address.') readonly email: string;

  @OptionalPattern(
    ZIP_CODE_ON_CREATE,
    12,
    '$property must be exactly 4 digits on create',
    'Postal code: 4 digits.',
  )
  readonly zipCode?: string | null;

  @ProfileKind(CreatePersonDto, 'organization', 'A person profile: the person and their account.')
  readonly person?: CreatePersonDto;

  @ProfileKind(
    CreateOrganizationDto,
    'person',
    'An organization profile: the organization and its signatories.',
  )
  readonly organization?: CreateOrganizationDto;

  @CreatedBy() readonly createdBy: string;
}

export class UpdateProfileDto extends ProfileFieldsDto {
  @OptionalEmail(400, 'E-mail address.') readonly email?: string | null;
  @OptionalText(12, 'Postal code, at most 12 characters.') readonly zipCode?: string | null;
  @OptionalDateTime('Last sign-in; with hasLoggedIn, its time (default now).') readonly lastLoginStamp?:
    string | null;

  @OptionalBoolean(
    'true: a sign-in happened: loginCount goes up by one, lastLoginStamp is set (now unless given) and the profile is Active again.',
    false,
  )
  readonly hasLoggedIn?: boolean | null;

  @OptionalEnum(INACTIVITY_STATES, 'Inactivity state (ignored when hasLoggedIn is true).', 'Active')
  readonly inactivityState?: InactivityState | null;

  @OptionalBoolean('The profile is to be deleted.', false) readonly isFlaggedForDeletion?: boolean | null;
  @OptionalDateTime('Last day of the grace period before deletion.') readonly gracePeriodEndDate?:
    string | null;

  @OptionalNested(UpdatePersonDto, "The person of a person profile (a 400 on an organization's).")
  readonly person?: UpdatePersonDto | null;

  @OptionalNested(UpdateOrganizationDto, "The organization of an organization profile (a 400 on a person's).")
  readonly organization?: UpdateOrganizationDto | null;

  @UpdatedBy() readonly updatedBy: string;
}
