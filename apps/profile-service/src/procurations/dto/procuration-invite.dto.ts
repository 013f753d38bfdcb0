import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, Max, Min } from 'class-validator';

import { CreatedBy, OptionalText, UpdatedBy } from '@portal/http-context';

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
