import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { whereEquals } from '../../common/query-filters';
import type { ListServiceThemesQueryDto } from './service-theme.dto';
import { ServiceThemeEntity } from './service-theme.entity';

export const SERVICE_THEME_RESOURCE = {
  entity: ServiceThemeEntity,
  noun: 'service theme',
  code: 'SERVICE_THEME',
  idName: 'serviceThemeId',
  fields: { name: undefined, displayName: undefined, description: null, isVisible: true, sortOrder: 0 },
  filter: (list, query) => whereEquals(list, `${RECORD}.isVisible`, query.IsVisible),
} satisfies ResourceDefinition<ServiceThemeEntity, ListServiceThemesQueryDto>;

/** Deletion is refused while a service belongs to the theme. */
@Injectable()
export class ServiceThemesService extends CrudService<ServiceThemeEntity, ListServiceThemesQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, SERVICE_THEME_RESOURCE);
  }
}
