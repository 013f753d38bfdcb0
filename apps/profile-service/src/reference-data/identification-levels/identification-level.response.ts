import { ApiProperty } from '@nestjs/swagger';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { NamedResponse } from '../../common/named.response';
import { type ResourceDefinition, RECORD } from '../../common/crud/resource-definition';
import type { ListIdentificationLevelsQueryDto } from './identification-level.dto';
import { IdentificationLevelEntity } from './identification-level.entity';

export class IdentificationLevelResponse extends NamedResponse {
  @ApiProperty({ type: 'integer', minimum: 0 }) readonly levelOfTrust: number;
}

export const IDENTIFICATION_LEVEL_RESOURCE = {
  entity: IdentificationLevelEntity,
  noun: 'identification level',
  code: 'IDENTIFICATION_LEVEL',
  idName: 'identificationLevelId',
  fields: { name: undefined, displayName: undefined, description: null, levelOfTrust: 0 },
  filter: (list, query) =>
    whereRequiredByCatalogServices(list, 'identification_level_id', query.IsForServicesCatalog),
} satisfies ResourceDefinition<IdentificationLevelEntity, ListIdentificationLevelsQueryDto>;

/**
 * `IsForServicesCatalog` (interfaces 4.2): levels that at least one service requires (through
 * `levelColumn`) whose isShownInCatalog equals the value and whose theme is visible.
 */
export function whereRequiredByCatalogServices<T extends ObjectLiteral>(
  list: SelectQueryBuilder<T>,
  levelColumn: 'identification_level_id' | 'org_identification_level_id',
  isShownInCatalog: boolean | undefined,
): void {
  if (isShownInCatalog === undefined) return;
  list.andWhere(
    `EXISTS (SELECT 1 FROM service s JOIN service_theme t ON t.id = s.service_theme_id
      WHERE s.${levelColumn} = ${RECORD}.id AND s.is_shown_in_catalog = :isShownInCatalog AND t.is_visible)`,
    { isShownInCatalog },
  );
}
