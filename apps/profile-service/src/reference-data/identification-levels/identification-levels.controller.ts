import { CrudController } from '../../common/crud/crud.controller';
import {
  CreateIdentificationLevelDto,
  ListIdentificationLevelsQueryDto,
  UpdateIdentificationLevelDto,
} from './identification-level.dto';
import { IdentificationLevelResponse, IDENTIFICATION_LEVEL_RESOURCE } from './identification-level.response';
import { IdentificationLevelsService } from './identification-levels.service';
import { IDENTIFICATION_LEVELS_DOCS } from './identification-levels.openapi';

export class IdentificationLevelsController extends CrudController({
  definition: IDENTIFICATION_LEVEL_RESOURCE,
  service: IdentificationLevelsService,
  entityKey: 'identificationLevel',
  response: IdentificationLevelResponse,
  listQuery: ListIdentificationLevelsQueryDto,
  createBody: CreateIdentificationLevelDto,
  updateBody: UpdateIdentificationLevelDto,
  docs: IDENTIFICATION_LEVELS_DOCS,
}) {}
