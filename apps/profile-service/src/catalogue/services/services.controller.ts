import { CrudController } from '../../common/crud/crud.controller';
import { CreateServiceDto, ListServicesQueryDto, ServiceResponse, UpdateServiceDto } from './service.dto';
import { SERVICE_RESOURCE, ServicesService } from './services.service';

export class ServicesController extends CrudController({
  definition: SERVICE_RESOURCE,
  service: ServicesService,
  entityKey: 'service',
  tag: 'Services',
  plural: 'services',
  response: ServiceResponse,
  listQuery: ListServicesQueryDto,
  createBody: CreateServiceDto,
  updateBody: UpdateServiceDto,
}) {}
