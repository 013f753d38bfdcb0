import { ApiProperty } from '@nestjs/swagger';

import { NamedResponse } from '../../common/named.response';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { whereEquals } from '../../common/query-filters';
import type { ListServiceThemesQueryDto } from './service-theme.dto';
import { ServiceThemeEntity } from './service-theme.entity';

export class ServiceThemeResponse extends NamedResponse {
  @ApiProperty() readonly isVisible: boolean;
  @ApiProperty({ type: 'integer' }) readonly sortOrder: number;
}

export const SERVICE_THEME_RESOURCE = {
  entity: ServiceThemeEntity,
  noun: 'service theme',
  code: 'SERVICE_THEME',
  idName: 'serviceThemeId',
  fields: { name: undefined, displayName: undefined, description: null, isVisible: true, sortOrder: 0 },
  filter: (list, query) => whereEquals(list, `${RECORD}.isVisible`, query.IsVisible),
} satisfies ResourceDefinition<ServiceThemeEntity, ListServiceThemesQueryDto>;
