import { ApiProperty } from '@nestjs/swagger';

import { AuditedResponse } from '../../common/audited.response';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { whereEquals } from '../../common/query-filters';
import type { ListIdentityProvidersQueryDto } from './identity-provider.dto';
import { IdentityProviderEntity } from './identity-provider.entity';

export class IdentityProviderResponse extends AuditedResponse {
  @ApiProperty() readonly name: string;
  @ApiProperty() readonly displayName: string;
  @ApiProperty() readonly typeName: string;
  @ApiProperty() readonly isDefault: boolean;
  @ApiProperty() readonly isEnabled: boolean;
  @ApiProperty({ type: String, nullable: true }) readonly data: string | null;
}

export const IDENTITY_PROVIDER_RESOURCE = {
  entity: IdentityProviderEntity,
  noun: 'identity provider',
  code: 'IDENTITY_PROVIDER',
  idName: 'identityProviderId',
  fields: {
    name: undefined,
    displayName: undefined,
    typeName: undefined,
    isDefault: false,
    isEnabled: false,
    data: null,
  },
  filter: (list, query) => whereEquals(list, `${RECORD}.isEnabled`, query.IsEnabled),
} satisfies ResourceDefinition<IdentityProviderEntity, ListIdentityProvidersQueryDto>;
