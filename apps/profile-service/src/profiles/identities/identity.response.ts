import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { AuditedResponse, auditOf } from '../../common/audited.response';
import { AccountResponse, toAccountResponse } from '../account.response';
import {
  IdentificationLevelResponse,
  IDENTIFICATION_LEVEL_RESOURCE,
} from '../../reference-data/identification-levels/identification-level.response';
import { toResponse } from '../../common/crud/resource-definition';
import type { IdentityEntity } from './identity.entity';

/** Links a person profile (and its account) to an identity provider (entity key `identity`). */
export class IdentityResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly identityProviderId: number;
  @ApiProperty({ type: 'integer' }) readonly accountId: number;
  @ApiProperty({ type: 'integer' }) readonly identificationLevelId: number;
  @ApiProperty({ description: 'Unique per identity provider.' }) readonly externalId: string;
  @ApiProperty({ type: 'integer' }) readonly profileId: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    nullable: true,
    description: 'Additional data of the provider.',
  })
  readonly metadata: Record<string, string> | null;
  @ApiPropertyOptional({ type: IdentificationLevelResponse, description: 'With Expand=IdentificationLevel.' })
  readonly identificationLevel?: IdentificationLevelResponse;
  @ApiPropertyOptional({ type: AccountResponse, description: 'With Expand=Account.' })
  readonly account?: AccountResponse;
}

/** An identity as every route shows it; the account and level only when they were loaded (Expand). */
export function toIdentityResponse(identity: IdentityEntity): IdentityResponse {
  return {
    id: identity.id,
    identityProviderId: identity.identityProviderId,
    accountId: identity.accountId,
    identificationLevelId: identity.identificationLevelId,
    externalId: identity.externalId,
    profileId: identity.profileId,
    metadata: identity.metadata,
    ...auditOf(identity),
    ...(identity.identificationLevel && {
      identificationLevel: toResponse(IDENTIFICATION_LEVEL_RESOURCE, identity.identificationLevel),
    }),
    ...(identity.account && { account: toAccountResponse(identity.account) }),
  };
}

/** The nested objects of an identity and the entity key that projects each (contract 3). */
export const IDENTITY_RELATIONS = {
  account: 'account',
  identificationLevel: 'identificationLevel',
} as const satisfies Partial<Record<keyof IdentityResponse, string>>;
