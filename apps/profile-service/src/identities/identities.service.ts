import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { fetchPage, type Page, pageRequestOf, parseOrderBy } from '@portal/pagination';

import { orderByWhitelistOf, RECORD, type ResourceDefinition } from '../common/crud/resource-definition';
import { whereEquals, whereEqualsIgnoringCase } from '../common/query-filters';
import type { ListIdentitiesQueryDto } from './identity.dto';
import { IdentityEntity } from './identity.entity';

export const IDENTITY_RESOURCE: ResourceDefinition<IdentityEntity> = {
  entity: IdentityEntity,
  noun: 'identity',
  code: 'IDENTITY',
  idName: 'identityProviderId',
  fields: {
    identityProviderId: undefined,
    accountId: undefined,
    identificationLevelId: undefined,
    externalId: undefined,
    profileId: undefined,
    metadata: null,
  },
};

/** The identities of every profile, for finding a profile by its external id (interfaces 4.2). */
@Injectable()
export class IdentitiesService {
  private readonly order = orderByWhitelistOf(IDENTITY_RESOURCE);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(query: ListIdentitiesQueryDto): Promise<Page<IdentityEntity>> {
    const order = parseOrderBy(query.OrderBy, this.order);
    const list = this.dataSource.getRepository(IdentityEntity).createQueryBuilder(RECORD);
    whereEquals(list, `${RECORD}.externalId`, query.ExternalId);
    if (query.IdpName !== undefined) {
      list.innerJoin(`${RECORD}.identityProvider`, 'provider');
      whereEqualsIgnoringCase(list, 'provider.name', query.IdpName);
    }
    const expand = new Set(query.Expand ?? []);
    if (expand.has('Account')) list.leftJoinAndSelect(`${RECORD}.account`, 'account');
    if (expand.has('IdentificationLevel')) {
      list.leftJoinAndSelect(`${RECORD}.identificationLevel`, 'identificationLevel');
    }
    return fetchPage(list, order, pageRequestOf(query));
  }
}
