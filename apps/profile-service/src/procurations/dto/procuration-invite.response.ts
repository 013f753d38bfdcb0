import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { AuditedResponse, auditOf, isoOrNull } from '../../common/audited.response';
import type { ProcurationInviteEntity } from '../entities/procuration-invite.entity';

/** A procuration invite (entity key `procurationInvite`); `token` only in the answer that creates it. */
export class ProcurationInviteResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly principalProfileId: number;
  @ApiProperty({ type: 'integer', nullable: true }) readonly representativeProfileId: number | null;
  @ApiProperty({ type: String, nullable: true }) readonly description: string | null;
  @ApiPropertyOptional({
    type: String,
    description:
      'The secret of the invite (256 random bits, base64url): returned once, at creation; stored only as a hash.',
  })
  readonly token?: string;
  @ApiProperty({ format: 'date-time' }) readonly expirationStamp: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) readonly consumptionStamp:
    string | null;
  @ApiProperty({ type: Boolean }) readonly isReadyForApproval: boolean;
  @ApiProperty({ type: Boolean }) readonly isApproved: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) readonly approvalStamp: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly messageToPrincipal: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) readonly principalBusinessCaseId:
    string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  readonly representativeBusinessCaseId: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly representativeEmail: string | null;
  @ApiProperty({ type: [Number] }) readonly serviceIds: number[];
  @ApiProperty({ type: String, nullable: true }) readonly consumerInOrgFirstname: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly consumerInOrgLastname: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) readonly consumerInOrgProfileId: number | null;
}

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
