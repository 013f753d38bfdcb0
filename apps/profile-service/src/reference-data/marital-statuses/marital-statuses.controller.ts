import { CrudController } from '../../common/crud/crud.controller';
import {
  CreateMaritalStatusDto,
  ListMaritalStatusesQueryDto,
  UpdateMaritalStatusDto,
} from './marital-status.dto';
import { MaritalStatusResponse, MARITAL_STATUS_RESOURCE } from './marital-status.response';
import { MaritalStatusesService } from './marital-statuses.service';
import { MARITAL_STATUSES_DOCS } from './marital-statuses.openapi';

export class MaritalStatusesController extends CrudController({
  definition: MARITAL_STATUS_RESOURCE,
  service: MaritalStatusesService,
  entityKey: 'maritalStatus',
  response: MaritalStatusResponse,
  listQuery: ListMaritalStatusesQueryDto,
  createBody: CreateMaritalStatusDto,
  updateBody: UpdateMaritalStatusDto,
  docs: MARITAL_STATUSES_DOCS,
}) {}
