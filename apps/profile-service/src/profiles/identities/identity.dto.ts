import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { CreatedBy, RequiredText } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { AuditedResponse } from '../../common/audited.response';
import { OptionalStringMap, RequiredId } from '../../common/body-fields';
import { ExpandFilter } from '../../common/expand';
import { TextFilter } from '../../common/query-filters';
import { AccountResponse } from '../dto/account.response';
import { IdentificationLevelResponse } from '../../reference-data/identification-levels/identification-level.dto';

export const IDENTITY_EXPANSIONS = ['Account', 'IdentificationLevel'] as const;
export type IdentityExpansion = (typeof IDENTITY_EXPANSIONS)[number];

export class ListIdentitiesQueryDto extends PageQueryDto {
  @TextFilter(50, 'Only identities of this external id (exact).')
  readonly ExternalId?: string;

  @TextFilter(200, 'Only identities of the identity provider of this name (case-insensitive).')
  readonly IdpName?: string;

  @ExpandFilter(IDENTITY_EXPANSIONS, 'Nested objects to include.')
  readonly Expand?: IdentityExpansion[];
}

/** `GET /profiles/{profileId}/identities`: the profile's identities, expanded like `GET /identities`. */
export class ListProfileIdentitiesQueryDto extends PageQueryDto {
  @ExpandFilter(IDENTITY_EXPANSIONS, 'Nested objects to include.')
  readonly Expand?: IdentityExpansion[];
}

/** `PUT /profiles/{profileId}/identities/{identityProviderId}` (interfaces 4.3). */
export class UpsertIdentityDto {
  @RequiredId('The identification level the provider vouches for.')
  readonly identificationLevelId: number;

  @RequiredText(1, 50, 'The id the provider assigns; unique per identity provider.')
  readonly externalId: string;

  @OptionalStringMap('Additional data of the provider.', {
    maxEntries: 50,
    maxKeyLength: 100,
    maxValueLength: 1000,
  })
  readonly metadata?: Record<string, string> | null;

  @CreatedBy() readonly createdBy: string;
}

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

/** The nested objects of an identity and the entity key that projects each (contract 3). */
export const IDENTITY_RELATIONS = {
  account: 'account',
  identificationLevel: 'identificationLevel',
} as const satisfies Partial<Record<keyof IdentityResponse, string>>;
