import { auditOf, isoOrNull } from '../common/audited.response';
import type { ProcurationInviteResponse } from './procuration-invite.dto';
import type { ProcurationInviteEntity } from './procuration-invite.entity';

/** An invite as read; the token (stored as a hash only) is added by the create answer alone. */
export function toProcurationInviteResponse(invite: ProcurationInviteEntity): ProcurationInviteResponse {
  return {
    id: invite.id,
    principalProfileId: invite.principalProfileId,
    representativeProfileId: invite.representativeProfileId,
    description: invite.description,
    expirationStamp: invite.expirationStamp.toISOString(),
    consumptionStamp: isoOrNull(invite.consumptionStamp),
    isReadyForApproval: invite.isReadyForApproval,
    isApproved: invite.isApproved,
    approvalStamp: isoOrNull(invite.approvalStamp),
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
