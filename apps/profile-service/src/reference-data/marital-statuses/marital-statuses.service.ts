import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { whereEquals } from '../../common/query-filters';
import type { ListMaritalStatusesQueryDto } from './marital-status.dto';
import { MaritalStatusEntity } from './marital-status.entity';

export const MARITAL_STATUS_RESOURCE = {
  entity: MaritalStatusEntity,
  noun: 'marital status',
  code: 'MARITAL_STATUS',
  idName: 'maritalStatusId',
  fields: { name: undefined, displayName: undefined, isEnabled: true, sortOrder: 0 },
  filter: (list, query) => whereEquals(list, `${RECORD}.isEnabled`, query.IsEnabled),
} satisfies ResourceDefinition<MaritalStatusEntity, ListMaritalStatusesQueryDto>;

/** Deletion is refused while a person uses the status. */
@Injectable()
export class MaritalStatusesService extends CrudService<MaritalStatusEntity, ListMaritalStatusesQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, MARITAL_STATUS_RESOURCE);
  }
}
