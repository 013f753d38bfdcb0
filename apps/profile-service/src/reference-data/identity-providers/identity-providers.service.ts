import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { whereEquals } from '../../common/query-filters';
import type { ListIdentityProvidersQueryDto } from './identity-provider.dto';
import { IdentityProviderEntity } from './identity-provider.entity';

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

/** Deletion is refused while identities use the provider. */
@Injectable()
export class IdentityProvidersService extends CrudService<
  IdentityProviderEntity,
  ListIdentityProvidersQueryDto
> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, IDENTITY_PROVIDER_RESOURCE);
  }
}
