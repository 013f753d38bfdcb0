import { ApiProperty } from '@nestjs/swagger';

import {
  IdentificationLevelResponse,
  whereRequiredByCatalogServices,
} from '../identification-levels/identification-level.response';
import type { ResourceDefinition } from '../../common/crud/resource-definition';
import type { ListIdentificationLevelsQueryDto } from '../identification-levels/identification-level.dto';
import { OrgIdentificationLevelEntity } from './org-identification-level.entity';

export class OrgIdentificationLevelResponse extends IdentificationLevelResponse {
  @ApiProperty({ type: 'integer', nullable: true }) readonly elevationServiceId: number | null;
}

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
