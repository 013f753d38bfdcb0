import { CrudController } from '../../common/crud/crud.controller';
import { ListIdentificationLevelsQueryDto } from '../identification-levels/identification-level.dto';
import {
  CreateOrgIdentificationLevelDto,
  OrgIdentificationLevelResponse,
  UpdateOrgIdentificationLevelDto,
} from './org-identification-level.dto';
import {
  ORG_IDENTIFICATION_LEVEL_RESOURCE,
  OrgIdentificationLevelsService,
} from './org-identification-levels.service';

export class OrgIdentificationLevelsController extends CrudController({
  definition: ORG_IDENTIFICATION_LEVEL_RESOURCE,
  service: OrgIdentificationLevelsService,
  entityKey: 'orgIdentificationLevel',
  tag: 'Organization identification levels',
  plural: 'organization identification levels',
  response: OrgIdentificationLevelResponse,
  listQuery: ListIdentificationLevelsQueryDto,
  createBody: CreateOrgIdentificationLevelDto,
  updateBody: UpdateOrgIdentificationLevelDto,
}) {}
