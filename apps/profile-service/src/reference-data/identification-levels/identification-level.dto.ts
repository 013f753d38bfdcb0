import { PageQueryDto } from '@portal/pagination';

import { OptionalInt } from '../../common/body-fields';
import { NamedFieldsDto } from '../../common/named.dto';
import { BooleanFilter } from '../../common/query-filters';
import { writeBodies } from '../../common/write-bodies';

export class IdentificationLevelFieldsDto extends NamedFieldsDto {
  @OptionalInt('Level value; 0 or more.', { minimum: 0, defaultValue: 0 })
  readonly levelOfTrust?: number;
}

export const [CreateIdentificationLevelDto, UpdateIdentificationLevelDto] = writeBodies(
  IdentificationLevelFieldsDto,
  'IdentificationLevel',
);

export class ListIdentificationLevelsQueryDto extends PageQueryDto {
  @BooleanFilter(
    'Keep levels required by at least one service whose isShownInCatalog equals the value and whose theme is visible.',
  )
  readonly IsForServicesCatalog?: boolean;
}
