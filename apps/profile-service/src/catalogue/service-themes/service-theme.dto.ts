import { PageQueryDto } from '@portal/pagination';

import { OptionalBoolean, OptionalInt } from '../../common/body-fields';
import { NamedFieldsDto } from '../../common/named.dto';
import { BooleanFilter } from '../../common/query-filters';
import { writeBodies } from '../../common/write-bodies';

export class ServiceThemeFieldsDto extends NamedFieldsDto {
  @OptionalBoolean('Shown in the catalogue.', true)
  readonly isVisible?: boolean;

  @OptionalInt('Ascending display order.', { defaultValue: 0 })
  readonly sortOrder?: number;
}

export const [CreateServiceThemeDto, UpdateServiceThemeDto] = writeBodies(
  ServiceThemeFieldsDto,
  'ServiceTheme',
);

export class ListServiceThemesQueryDto extends PageQueryDto {
  @BooleanFilter('Only visible (true) or hidden (false) themes.')
  readonly IsVisible?: boolean;
}
