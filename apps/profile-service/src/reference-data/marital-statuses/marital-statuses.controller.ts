import { CrudController } from '../../common/crud/crud.controller';
import {
  CreateMaritalStatusDto,
  ListMaritalStatusesQueryDto,
  MaritalStatusResponse,
  UpdateMaritalStatusDto,
} from './marital-status.dto';
import { MARITAL_STATUS_RESOURCE, MaritalStatusesService } from './marital-statuses.service';

export class MaritalStatusesController extends CrudController({
  definition: MARITAL_STATUS_RESOURCE,
  service: MaritalStatusesService,
  entityKey: 'maritalStatus',
  tag: 'Marital statuses',
  plural: 'marital statuses',
  response: MaritalStatusResponse,
  listQuery: ListMaritalStatusesQueryDto,
  createBody: CreateMaritalStatusDto,
  updateBody: UpdateMaritalStatusDto,
}) {}
