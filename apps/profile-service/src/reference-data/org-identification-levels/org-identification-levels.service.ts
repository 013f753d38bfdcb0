import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import type { ResourceDefinition } from '../../common/crud/resource-definition';
import type { ListIdentificationLevelsQueryDto } from '../identification-levels/identification-level.dto';
import { whereRequiredByCatalogServices } from '../identification-levels/identification-levels.service';
import { OrgIdentificationLevelEntity } from './org-identification-level.entity';

export const ORG_IDENTIFICATION_LEVEL_RESOURCE = {
  entity: OrgIdentificationLevelEntity,
  noun: 'organization identification level',
  code: 'ORG_IDENTIFICATION_LEVEL',
  idName: 'identificationLevelId',
  fields: {
    name: undefined,
    displayName: undefined,
    description: null,
    levelOfTrust: 0,
    elevationServiceId: null,
  },
  filter: (list, query) =>
    whereRequiredByCatalogServices(list, 'org_identification_level_id', query.IsForServicesCatalog),
} satisfies ResourceDefinition<OrgIdentificationLevelEntity, ListIdentificationLevelsQueryDto>;

/** Deletion is refused while a service or an organization uses the level. */
@Injectable()
export class OrgIdentificationLevelsService extends CrudService<
  OrgIdentificationLevelEntity,
  ListIdentificationLevelsQueryDto
> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, ORG_IDENTIFICATION_LEVEL_RESOURCE);
  }
}
