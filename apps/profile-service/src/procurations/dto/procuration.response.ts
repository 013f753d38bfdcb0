import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { AuditedResponse, auditOf, isoOrNull } from '../../common/audited.response';
import {
  DELEGATION_MODES,
  type DelegationMode,
  ORG_FUNCTIONS,
  type OrgFunction,
  RENEWAL_STATES,
  type RenewalState,
} from '../../common/domain-enums';
import { ProcurationInviteResponse, toProcurationInviteResponse } from './procuration-invite.response';
import { ProfileResponse, toProfileResponse } from '../../profiles/dto/profile.response';
import {
  ProcurationServiceResponse,
  toProcurationServiceResponse,
} from '../../service-reach/procuration-service.response';
import type { ProcurationInviteEntity } from '../entities/procuration-invite.entity';
import type { ProfileRecord } from '../../profiles/profile-record';
import type { ProcurationEntity } from '../entities/procuration.entity';
import type { ProcurationServiceEntity } from '../entities/procuration-service.entity';
import type { ValidityState } from '../procuration-validity';

/** A procuration (entity key `procuration`); `isRenewable` and `isUsable` are computed on every read. */
export class ProcurationResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly principalProfileId: number;
  @ApiProperty({ type: 'integer' }) readonly representativeProfileId: number;
  @ApiProperty({ type: 'integer', nullable: true }) readonly delegatorProfileId: number | null;
  @ApiProperty({ format: 'date-time' }) readonly validityStartStamp: string;
  @ApiProperty({ format: 'date-time' }) readonly validityEndStamp: string;
  @ApiProperty({ format: 'date-time' }) readonly renewableFromDate: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) readonly removalDate: string | null;
  @ApiProperty({ enum: RENEWAL_STATES }) readonly renewalState: RenewalState;
  @ApiProperty({ type: Boolean, description: 'renewableFromDate has been reached.' })
  readonly isRenewable: boolean;
  @ApiProperty({
    type: Boolean,
    description: 'start <= now < end, and the principal and the representative are enabled.',
  })
  readonly isUsable: boolean;
  @ApiProperty({ type: String, nullable: true }) readonly representativeEmail: string | null;
  @ApiProperty({ enum: ORG_FUNCTIONS, nullable: true })
  readonly personInOrganizationFunction: OrgFunction | null;
  @ApiProperty({ type: Boolean }) readonly isPersonInOrganizationPendingDelete: boolean;
  @ApiProperty({ enum: DELEGATION_MODES, nullable: true }) readonly delegationMode: DelegationMode | null;

  @ApiPropertyOptional({ type: ProfileResponse, description: 'With Expand=PrincipalProfile[_...].' })
  readonly principalProfile?: ProfileResponse;
  @ApiPropertyOptional({ type: ProfileResponse, description: 'With Expand=RepresentativeProfile[_...].' })
  readonly representativeProfile?: ProfileResponse;
  @ApiPropertyOptional({
    type: ProfileResponse,
    nullable: true,
    description: 'With Expand=DelegatorProfile[_...]; null without delegator.',
  })
  readonly delegatorProfile?: ProfileResponse | null;
  @ApiPropertyOptional({
    type: [ProcurationServiceResponse],
    description: 'With Expand=ProcurationServices.',
  })
  readonly procurationServices?: ProcurationServiceResponse[];
  @ApiPropertyOptional({
    type: ProcurationInviteResponse,
    nullable: true,
    description: 'With Expand=ProcurationInvite: the invite it was created through, or null.',
  })
  readonly procurationInvite?: ProcurationInviteResponse | null;
}

/** A procuration as read: its state now, and each expansion asked for (absent when not). */
export interface ProcurationView {
  readonly procuration: ProcurationEntity;
  readonly state: ValidityState;
  principalProfile?: ProfileRecord;
  representativeProfile?: ProfileRecord;
  delegatorProfile?: ProfileRecord | null;
  procurationServices?: ProcurationServiceEntity[];
  procurationInvite?: ProcurationInviteEntity | null;
}

export function toProcurationResponse(view: ProcurationView): ProcurationResponse {
  const { procuration } = view;
  return {
    id: procuration.id,
    principalProfileId: procuration.principalProfileId,
    representativeProfileId: procuration.representativeProfileId,
    delegatorProfileId: procuration.delegatorProfileId,
    validityStartStamp: procuration.validityStartStamp.toISOString(),
    validityEndStamp: procuration.validityEndStamp.toISOString(),
    renewableFromDate: procuration.renewableFromDate.toISOString(),
    removalDate: isoOrNull(procuration.removalDate),
    renewalState: procuration.renewalState,
    isRenewable: view.state.isRenewable,
    isUsable: view.state.isUsable,
    representativeEmail: procuration.representativeEmail,
    personInOrganizationFunction: procuration.personInOrganizationFunction,
    isPersonInOrganizationPendingDelete: procuration.isPersonInOrganizationPendingDelete,
    delegationMode: procuration.delegationMode,
    ...auditOf(procuration),
    ...(view.principalProfile && { principalProfile: toProfileResponse(view.principalProfile) }),
    ...(view.representativeProfile && {
      representativeProfile: toProfileResponse(view.representativeProfile),
    }),
    ...(view.delegatorProfile !== undefined && {
      delegatorProfile: view.delegatorProfile && toProfileResponse(view.delegatorProfile),
    }),
    ...(view.procurationServices && {
      procurationServices: view.procurationServices.map(toProcurationServiceResponse),
    }),
    ...(view.procurationInvite !== undefined && {
      procurationInvite: view.procurationInvite && toProcurationInviteResponse(view.procurationInvite),
    }),
  };
}

export const PROCURATION_RELATIONS = {
  principalProfile: 'profile',
  representativeProfile: 'profile',
  delegatorProfile: 'profile',
  procurationServices: 'procurationService',
  procurationInvite: 'procurationInvite',
} as const satisfies Partial<Record<keyof ProcurationResponse, string>>;
