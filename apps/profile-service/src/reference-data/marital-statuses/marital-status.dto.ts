import { RequiredText } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { OptionalBoolean, OptionalInt } from '../../common/body-fields';
import { BooleanFilter } from '../../common/query-filters';
import { writeBodies } from '../../common/write-bodies';

export class MaritalStatusFieldsDto {
  @RequiredText(1, 100, 'Unique code name (unique case-insensitively).')
  readonly name: string;

  @RequiredText(1, 255, 'Display label; a translation term.')
  readonly displayName: string;

  @OptionalBoolean('Usable by the citizen.', true)
  readonly isEnabled?: boolean;

  @OptionalInt('Ascending display order.', { defaultValue: 0 })
  readonly sortOrder?: number;
}

export const [CreateMaritalStatusDto, UpdateMaritalStatusDto] = writeBodies(
  MaritalStatusFieldsDto,
  'MaritalStatus',
);

export class ListMaritalStatusesQueryDto extends PageQueryDto {
  @BooleanFilter('Only enabled (true) or disabled (false) statuses.')
  readonly IsEnabled?: boolean;
}
