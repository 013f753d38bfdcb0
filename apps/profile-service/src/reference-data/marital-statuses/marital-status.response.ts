import { ApiProperty } from '@nestjs/swagger';

import { AuditedResponse } from '../../common/audited.response';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { whereEquals } from '../../common/query-filters';
import type { ListMaritalStatusesQueryDto } from './marital-status.dto';
import { MaritalStatusEntity } from './marital-status.entity';

export class MaritalStatusResponse extends AuditedResponse {
  @ApiProperty() readonly name: string;
  @ApiProperty() readonly displayName: string;
  @ApiProperty() readonly isEnabled: boolean;
  @ApiProperty({ type: 'integer' }) readonly sortOrder: number;
}

export const MARITAL_STATUS_RESOURCE = {
  entity: MaritalStatusEntity,
  noun: 'marital status',
  code: 'MARITAL_STATUS',
  idName: 'maritalStatusId',
  fields: { name: undefined, displayName: undefined, isEnabled: true, sortOrder: 0 },
  filter: (list, query) => whereEquals(list, `${RECORD}.isEnabled`, query.IsEnabled),
} satisfies ResourceDefinition<MaritalStatusEntity, ListMaritalStatusesQueryDto>;
