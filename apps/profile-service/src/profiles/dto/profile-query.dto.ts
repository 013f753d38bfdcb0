import { registerDecorator } from 'class-validator';

import { PageQueryDto } from '@portal/pagination';

import {
  INACTIVITY_STATES,
  type InactivityState,
  PROFILE_TYPES,
  type ProfileType,
} from '../../common/domain-enums';
import { ExpandFilter } from '../../common/expand';
import {
  BooleanFilter,
  DateTimeFilter,
  EnumFilter,
  IdFilter,
  IdsFilter,
  TextArrayFilter,
  TextFilter,
} from '../../common/query-filters';

/** ProfilesListFilters' Expand values (interfaces 4.3); a dotted one brings its parents along. */
export const PROFILE_EXPANSIONS = [
  'Person',
  'Person_MaritalStatus',
  'Person_Account',
  'Person_Account_Identities',
  'Organization',
  'Organization_LegalForm',
  'Organization_Category',
  'Organization_IdentificationLevel',
  'Organization_Signatories',
  'ProfilePicture',
] as const;
export type ProfileExpansion = (typeof PROFILE_EXPANSIONS)[number];

/** The expansions a value means: `Person_Account_Identities` is also `Person_Account` and `Person`. */
export function expansionsOf(values: readonly ProfileExpansion[] | undefined): ReadonlySet<ProfileExpansion> {
  const expand = new Set<ProfileExpansion>();
  for (const value of values ?? []) {
    const parts = value.split('_');
    parts.forEach((_part, index) => expand.add(parts.slice(0, index + 1).join('_') as ProfileExpansion));
  }
  return expand;
}

/** `LEGALFORMCODE:CATEGORYCODE`, `*` on either side for any. */
const PERIMETER_ENTRY = /^[^:]{1,50}:[^:]{1,50}$/;

export class ReadProfileQueryDto {
  @ExpandFilter(
    PROFILE_EXPANSIONS,
    'Nested objects to include; Person_Account implies Person, Person_Account_Identities also Person_Account, and so on.',
  )
  readonly Expand?: ProfileExpansion[];

  @BooleanFilter('With Expand=ProfilePicture: include the custom image as customImageBytesEncoded (base64).')
  readonly IncludeCustomImageBytes?: boolean;
}

/** ProfilesListFilters (interfaces 4.3); every filter is optional and they combine with AND. */
export class ListProfilesQueryDto extends PageQueryDto {
  @ExpandFilter(
    PROFILE_EXPANSIONS,
    'Nested objects to include; Person_Account implies Person, Person_Account_Identities also Person_Account, and so on.',
  )
  readonly Expand?: ProfileExpansion[];

  @BooleanFilter('With Expand=ProfilePicture: include the custom image as customImageBytesEncoded (base64).')
  readonly IncludeCustomImageBytes?: boolean;

  @BooleanFilter('true: the pagination headers and an empty array, as HEAD /profiles.')
  readonly HeadersOnly?: boolean;

  @EnumFilter(PROFILE_TYPES, 'Only person or only organization profiles.')
  readonly ProfileType?: ProfileType;

  @IdsFilter('Only these profiles.')
  readonly Ids?: number[];

  @BooleanFilter('Only enabled (true) or disabled (false) profiles.')
  readonly IsEnabled?: boolean;

  @TextFilter(50, 'Only the profile of this external key (exact).')
  readonly ExternalKey?: string;

  @TextFilter(
    400,
    "Case- and accent-insensitive substring (ä, ö, ü also as ae, oe, ue) of the e-mail, the external key, the person's first or last name, or the organization's name or uid.",
  )
  readonly Keyword?: string;

  @TextFilter(
    400,
    'Case- and accent-insensitive substring (ä, ö, ü also as ae, oe, ue) of the e-mail address.',
  )
  readonly EmailContains?: string;

  @TextFilter(8, 'Case- and accent-insensitive substring (ä, ö, ü also as ae, oe, ue) of the postal code.')
  readonly ZipCodeContains?: string;

  @TextFilter(160, 'Case- and accent-insensitive substring (ä, ö, ü also as ae, oe, ue) of the city.')
  readonly CityContains?: string;

  @DateTimeFilter('Only profiles whose last sign-in was at or after this time.')
  readonly MinLastLoginStamp?: string;

  @DateTimeFilter('Only profiles whose last sign-in was at or before this time.')
  readonly MaxLastLoginStamp?: string;

  @BooleanFilter('true: only profiles whose gracePeriodEndDate has not passed; false: the others.')
  readonly IsInGracePeriod?: boolean;

  @BooleanFilter('Only profiles flagged (true) or not flagged (false) for deletion.')
  readonly IsFlaggedForDeletion?: boolean;

  @IdFilter('Only the profile of this organization.')
  readonly OrganizationId?: number;

  @TextFilter(30, 'Only organizations of this uid (exact).')
  readonly OrganizationUid?: string;

  @TextFilter(160, 'Only organizations of this name (case-insensitive).')
  readonly OrganizationName?: string;

  @TextFilter(
    160,
    "Case- and accent-insensitive substring (ä, ö, ü also as ae, oe, ue) of the organization's name.",
  )
  readonly OrganizationNameContains?: string;

  @BooleanFilter('Only organizations pending (true) or not pending (false) validation.')
  readonly OrganizationIsPending?: boolean;

  @TextFilter(50, 'Only organizations of the category of this code (case-insensitive).')
  readonly OrganizationCategoryCode?: string;

  @TextArrayFilter(
    100,
    101,
    'Only organizations matching one of these LEGALFORMCODE:CATEGORYCODE entries (case-insensitive; * on either side matches any).',
  )
  @IsPerimeter()
  readonly OrganizationValidationPerimeter?: string[];

  @IdFilter('Only organizations of this Federal Statistical Office id.')
  readonly OrganizationFsoId?: number;

  @IdFilter('Only the profile of this person.')
  readonly PersonId?: number;

  @TextFilter(
    160,
    "Case- and accent-insensitive substring (ä, ö, ü also as ae, oe, ue) of the person's first name.",
  )
  readonly PersonFirstNameContains?: string;

  @TextFilter(
    160,
    "Case- and accent-insensitive substring (ä, ö, ü also as ae, oe, ue) of the person's last name.",
  )
  readonly PersonLastnameContains?: string;

  @TextFilter(64, 'Only the person of this AHV number (exact).')
  readonly PersonAhvNumber?: string;

  @EnumFilter(
    INACTIVITY_STATES,
    'Profiles to move to this state now: those in the state before it whose last sign-in (or creation) is older than its threshold (INACTIVITY_DAYS); for Active, inactive profiles that signed in since.',
  )
  readonly HasToBeProcessedForInactivity?: InactivityState;
}

function IsPerimeter(): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: 'isPerimeter',
      target: target.constructor,
      propertyName: String(property),
      validator: {
        validate: (value: unknown) =>
          !Array.isArray(value) ||
          value.every((entry) => typeof entry !== 'string' || PERIMETER_ENTRY.test(entry)),
        defaultMessage: () => '$property entries must be LEGALFORMCODE:CATEGORYCODE (* for any)',
      },
    });
}
