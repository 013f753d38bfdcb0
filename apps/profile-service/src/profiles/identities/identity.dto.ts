import { CreatedBy, RequiredText } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { OptionalStringMap, RequiredId } from '../../common/body-fields';
import { ExpandFilter } from '../../common/expand';
import { TextFilter } from '../../common/query-filters';

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
