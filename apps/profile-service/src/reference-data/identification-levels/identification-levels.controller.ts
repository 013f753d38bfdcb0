import { CrudController } from '../../common/crud/crud.controller';
import {
  CreateIdentificationLevelDto,
  IdentificationLevelResponse,
  ListIdentificationLevelsQueryDto,
  UpdateIdentificationLevelDto,
} from './identification-level.dto';
import { IDENTIFICATION_LEVEL_RESOURCE, IdentificationLevelsService } from './identification-levels.service';

export class IdentificationLevelsController extends CrudController({
  definition: IDENTIFICATION_LEVEL_RESOURCE,
  service: IdentificationLevelsService,
  entityKey: 'identificationLevel',
  tag: 'Identification levels',
  plural: 'identification levels',
  response: IdentificationLevelResponse,
  listQuery: ListIdentificationLevelsQueryDto,
  createBody: CreateIdentificationLevelDto,
  updateBody: UpdateIdentificationLevelDto,
}) {}
