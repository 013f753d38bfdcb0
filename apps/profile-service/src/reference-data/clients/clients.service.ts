import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import type { NameFilterQueryDto } from '../../common/named.dto';
import { whereEqualsIgnoringCase } from '../../common/query-filters';
import { ClientEntity } from './client.entity';

export const CLIENT_RESOURCE = {
  entity: ClientEntity,
  noun: 'client',
  code: 'CLIENT',
  idName: 'clientId',
  fields: { name: undefined, displayName: undefined, description: null },
  filter: (list, query) => whereEqualsIgnoringCase(list, `${RECORD}.name`, query.Name),
} satisfies ResourceDefinition<ClientEntity, NameFilterQueryDto>;

@Injectable()
export class ClientsService extends CrudService<ClientEntity, NameFilterQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, CLIENT_RESOURCE);
  }
}
