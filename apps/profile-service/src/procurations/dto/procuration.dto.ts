import { applyDecorators, type Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type as TransformType } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

import { CreatedBy, UpdatedBy } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { OptionalBoolean, OptionalDateTime, OptionalEmail } from '../../common/body-fields';
import {
  DELEGATION_MODES,
  type DelegationMode,
  ORG_FUNCTIONS,
  type OrgFunction,
  RENEWAL_STATES,
  type RenewalState,
} from '../../common/domain-enums';
import { ExpandFilter } from '../../common/expand';
import { BooleanFilter, IdFilter, TextFilter } from '../../common/query-filters';
import { ProcurationServiceResponse } from '../../service-reach/procuration-service.response';

export { ProcurationServiceResponse };

/** ProcurationsExpand (interfaces 4.3), for reads and both lists. */
export const PROCURATION_EXPANSIONS = [
  'PrincipalProfile',
  'RepresentativeProfile',
  'DelegatorProfile',
  'PrincipalProfile_Person',
  'RepresentativeProfile_Person',
  'PrincipalProfile_Organization',
  'RepresentativeProfile_Organization',
  'DelegatorProfile_Organization',
  'PrincipalProfile_ProfilePicture',
  'RepresentativeProfile_ProfilePicture',
  'ProcurationServices',
  'ProcurationInvite',
] as const;
export type ProcurationExpansion = (typeof PROCURATION_EXPANSIONS)[number];

/** An optional enumeration value that null clears. */
const OptionalNullableEnum = (values: readonly string[], description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, enum: values, nullable: true }),
    IsOptional(),
    IsIn(values, { message: `$property must be one of ${values.join(', ')}` }),
  );

/** `?DelegatorProfileId=`: the delegated variant of the procuration; absent means the one without delegator. */
export class ProcurationPathQueryDto {
  @IdFilter('The delegator of the procuration; absent for the procuration without delegator.')
  readonly DelegatorProfileId?: number;
}

/** Create (POST) and deprecated upsert (PUT) of an outbound procuration (interfaces 4.3). */
export class WriteProcurationDto {
  @OptionalDateTime('From when the procuration is valid; default: the time of the request.')
  readonly validityStartStamp?: string | null;

  @OptionalNullableEnum(
    ORG_FUNCTIONS,
    "The representative's function in the organization; only for an organization principal and a person representative. " +
      'Owner and Manager receive every procuration-available service the organization reaches, kept up to date.',
  )
  readonly personInOrganizationFunction?: OrgFunction | null;

  @OptionalBoolean(
    'The representative is being removed from the organization; true only for an organization principal and an Owner representative.',
    false,
  )
  readonly isPersonInOrganizationPendingDelete?: boolean | null;

  @OptionalEmail(400, "The representative's e-mail address for this procuration.")
  readonly representativeEmail?: string | null;

  @OptionalNullableEnum(DELEGATION_MODES, 'How rights may be shared with organization members.')
  readonly delegationMode?: DelegationMode | null;

  @CreatedBy() readonly createdBy: string;
}

/** `{"isValuePresent": true, "value": ...}`: with `isValuePresent` false (or absent wrapper) the field stays. */
function wrapperOf(
  name: string,
  values: readonly string[],
  nullable: boolean,
): Type<{ isValuePresent: boolean; value?: string | null }> {
  class Wrapper {
    @ApiProperty({ type: Boolean, description: 'Whether `value` is to be written.' })
    @IsDefined({ message: '$property is required' })
    @IsBoolean()
    readonly isValuePresent: boolean;

    @ApiPropertyOptional({ enum: values, nullable })
    @ValidateIf(
      (wrapper: Wrapper) => wrapper.isValuePresent === true && (!nullable || wrapper.value !== null),
    )
    @IsDefined({ message: '$property is required when isValuePresent is true' })
    @IsIn(values, { message: `$property must be one of ${values.join(', ')}` })
    readonly value?: string | null;
  }
  Object.defineProperty(Wrapper, 'name', { value: name });
  return Wrapper;
}

export const OrgFunctionWrapper = wrapperOf('OrgFunctionWrapper', ORG_FUNCTIONS, true);
export const RenewalStateWrapper = wrapperOf('RenewalStateWrapper', RENEWAL_STATES, false);
export const DelegationModeWrapper = wrapperOf('DelegationModeWrapper', DELEGATION_MODES, true);
export type ValueWrapper<T> = { readonly isValuePresent: boolean; readonly value?: T | null };

const OptionalWrapper = (type: Type, description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type, description }),
    IsOptional(),
    IsObject(),
    ValidateNested(),
    TransformType(() => type),
  );

/** `PATCH` of an outbound procuration, `application/merge-patch+json` (interfaces 4.3). */
export class PatchOutboundProcurationDto {
  @OptionalDateTime('A new start of validity (before the end).')
  readonly validityStartStamp?: string | null;

  @OptionalWrapper(OrgFunctionWrapper, 'The function, wrapped; value null clears it.')
  readonly personInOrganizationFunction?: ValueWrapper<OrgFunction>;

  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @IsBoolean()
  readonly isPersonInOrganizationPendingDelete?: boolean | null;

  @ApiPropertyOptional({
    type: Boolean,
    description:
      'true renews: the end moves to max(now, end) + PROCURATION_VALIDITY_DAYS, with the renewal stamps.',
  })
  @IsOptional()
  @IsBoolean()
  readonly hasBeenRenewed?: boolean | null;

  @OptionalWrapper(RenewalStateWrapper, 'The renewal state, wrapped.')
  readonly renewalState?: ValueWrapper<RenewalState>;

  @UpdatedBy() readonly updatedBy: string;
}

/** `PATCH` of an inbound procuration, `application/merge-patch+json` (interfaces 4.3). */
export class PatchInboundProcurationDto {
  @OptionalEmail(400, "The representative's e-mail address; null clears it, absent leaves it.")
  readonly representativeEmail?: string | null;

  @OptionalWrapper(DelegationModeWrapper, 'The delegation mode, wrapped; value null clears it.')
  readonly delegationMode?: ValueWrapper<DelegationMode>;

  @UpdatedBy() readonly updatedBy: string;
}

export class ReadProcurationQueryDto extends ProcurationPathQueryDto {
  @ExpandFilter(PROCURATION_EXPANSIONS, 'Nested objects to include.')
  readonly Expand?: ProcurationExpansion[];

  @BooleanFilter('With a ..._ProfilePicture expansion: include the custom image as base64.')
  readonly IncludeCustomImageBytes?: boolean;
}

/** The filters both lists share (interfaces 4.3). */
class ProcurationListQueryDto extends PageQueryDto {
  @IdFilter('Only the procurations through this delegator.')
  readonly DelegatorProfileId?: number;

  @BooleanFilter('false: only procurations without delegator; true or absent: with and without.')
  readonly IncludeDelegations?: boolean;

  @IdFilter(
    'Only procurations that give access to this service now (a link whose validityStartStamp has passed).',
  )
  readonly HasAccessToServiceId?: number;

  @BooleanFilter('With a ..._ProfilePicture expansion: include the custom images as base64.')
  readonly IncludeCustomImageBytes?: boolean;

  @ExpandFilter(PROCURATION_EXPANSIONS, 'Nested objects to include.')
  readonly Expand?: ProcurationExpansion[];
}

/** `GET /profiles/{profileId}/outbound-procurations` (interfaces 4.3). */
export class ListOutboundProcurationsQueryDto extends ProcurationListQueryDto {
  @IdFilter('Only the procurations of this representative.')
  readonly RepresentativeProfileId?: number;

  @BooleanFilter('true: only procurations whose personInOrganizationFunction is Owner; false: the others.')
  readonly IsOrgOwner?: boolean;

  @BooleanFilter(
    'true: only procurations whose personInOrganizationFunction is Owner or Manager; false: the others.',
  )
  readonly IsOrgManagerOrOwner?: boolean;

  @TextFilter(
    400,
    "Case- and accent-insensitive substring (ä, ö, ü also as ae, oe, ue) of the representative's email, names, organization name and uid, or external key.",
  )
  readonly RepresentativeProfileKeyword?: string;
}

/** `GET /profiles/{profileId}/inbound-procurations` (interfaces 4.3). */
export class ListInboundProcurationsQueryDto extends ProcurationListQueryDto {
  @IdFilter('Only the procurations of this principal.')
  readonly PrincipalProfileId?: number;
}
