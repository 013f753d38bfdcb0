import { auditOf, isoOrNull } from '../common/audited.response';
import type { ProcurationInviteEntity } from './procuration-invite.entity';
import { toProcurationInviteResponse } from './procuration-invite.mapper';
import type { ProfileRecord } from '../profiles/profile-record';
import { toProfileResponse } from '../profiles/profile.mapper';
import type { ProcurationResponse } from './procuration.dto';
import { toProcurationServiceResponse } from '../service-reach/procuration-service.response';
import type { ProcurationEntity } from './procuration.entity';
import type { ProcurationServiceEntity } from './procuration-service.entity';
import type { ValidityState } from './procuration-validity';

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
