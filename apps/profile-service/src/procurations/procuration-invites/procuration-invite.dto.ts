import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, Max, Min } from 'class-validator';

import { CreatedBy, OptionalText, UpdatedBy } from '@portal/http-context';

import { AuditedResponse } from '../../common/audited.response';
import {
  OptionalDateTime,
  OptionalEmail,
  OptionalId,
  OptionalUuid,
  RequiredId,
} from '../../common/body-fields';

/** `POST /procuration-invites`. */
export class CreateProcurationInviteDto {
  @RequiredId('The principal who invites a representative.')
  readonly principalProfileId: number;

  @OptionalText(255, 'What the invite is for.')
  readonly description?: string | null;

  @OptionalDateTime('Until when the invite may be consumed and approved; default: 30 days after the request.')
  readonly expirationStamp?: string | null;

  @OptionalEmail(400, 'Where the representative is to be reached.')
  readonly representativeEmail?: string | null;

  @OptionalUuid("The principal's business case.")
  readonly principalBusinessCaseId?: string | null;

  @ApiPropertyOptional({
    type: [Number],
    description:
      'The services the procuration will grant once approved: each one the principal reaches and that is procuration-available.',
    maxItems: 1000,
  })
  @IsOptional()
  @Max(2_147_483_647, { each: true })
  @Min(1, { each: true })
  @IsInt({ each: true })
  @ArrayMaxSize(1000)
  @IsArray()
  readonly serviceIds?: number[] | null;

  @CreatedBy() readonly createdBy: string;
}

/** `POST /procuration-invites/{token}/consume`: the representative takes the invite. */
export class ConsumeProcurationInviteDto {
  @RequiredId('The representative taking the invite.')
  readonly representativeProfileId: number;

  @OptionalId(
    'When the representative is an organization: the person profile acting for it. Its names are kept as consumerInOrg*.',
  )
  readonly consumerInOrgProfileId?: number | null;

  @OptionalText(1000, 'A message to the principal.')
  readonly messageToPrincipal?: string | null;

  @OptionalUuid("The representative's business case.")
  readonly representativeBusinessCaseId?: string | null;

  @UpdatedBy() readonly updatedBy: string;
}

/** `POST /procuration-invites/{token}/approve`: the principal approves. */
export class ApproveProcurationInviteDto {
  @UpdatedBy() readonly updatedBy: string;
}

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
