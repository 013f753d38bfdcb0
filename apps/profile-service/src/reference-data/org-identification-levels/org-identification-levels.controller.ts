import { CrudController } from '../../common/crud/crud.controller';
import { ListIdentificationLevelsQueryDto } from '../identification-levels/identification-level.dto';
import {
  CreateOrgIdentificationLevelDto,
  UpdateOrgIdentificationLevelDto,
} from './org-identification-level.dto';
import {
  OrgIdentificationLevelResponse,
  ORG_IDENTIFICATION_LEVEL_RESOURCE,
} from './org-identification-level.response';
import { OrgIdentificationLevelsService } from './org-identification-levels.service';
import { ORG_IDENTIFICATION_LEVELS_DOCS } from './org-identification-levels.openapi';

export class OrgIdentificationLevelsController extends CrudController({
  definition: ORG_IDENTIFICATION_LEVEL_RESOURCE,
  service: OrgIdentificationLevelsService,
  entityKey: 'orgIdentificationLevel',
  response: OrgIdentificationLevelResponse,
  listQuery: ListIdentificationLevelsQueryDto,
  createBody: CreateOrgIdentificationLevelDto,
  updateBody: UpdateOrgIdentificationLevelDto,
  docs: ORG_IDENTIFICATION_LEVELS_DOCS,
}) {}
