import { auditOf } from '../common/audited.response';
import type { ProcurationInviteResponse } from './procuration-invite.dto';
import type { ProcurationInviteEntity } from './procuration-invite.entity';

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** An invite as read; the token (stored as a hash only) is added by the create answer alone. */
export function toProcurationInviteResponse(invite: ProcurationInviteEntity): ProcurationInviteResponse {
  return {
    id: invite.id,
    principalProfileId: invite.principalProfileId,
    representativeProfileId: invite.representativeProfileId,
    description: invite.description,
    expirationStamp: invite.expirationStamp.toISOString(),
    consumptionStamp: iso(invite.consumptionStamp),
    isReadyForApproval: invite.isReadyForApproval,
    isApproved: invite.isApproved,
    approvalStamp: iso(invite.approvalStamp),
    messageToPrincipal: invite.messageToPrincipal,
    principalBusinessCaseId: invite.principalBusinessCaseId,
    representativeBusinessCaseId: invite.representativeBusinessCaseId,
    representativeEmail: invite.representativeEmail,
    serviceIds: invite.serviceIds,
    consumerInOrgFirstname: invite.consumerInOrgFirstname,
    consumerInOrgLastname: invite.consumerInOrgLastname,
    consumerInOrgProfileId: invite.consumerInOrgProfileId,
    ...auditOf(invite),
  };
}
