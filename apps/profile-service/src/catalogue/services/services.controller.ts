import { CrudController } from '../../common/crud/crud.controller';
import { CreateServiceDto, ListServicesQueryDto, UpdateServiceDto } from './dto/service.dto';
import { ServiceResponse, SERVICE_RESOURCE } from './dto/service.response';
import { ServicesService } from './services.service';
import { SERVICES_DOCS } from './services.openapi';

export class ServicesController extends CrudController({
  definition: SERVICE_RESOURCE,
  service: ServicesService,
  entityKey: 'service',
  response: ServiceResponse,
  listQuery: ListServicesQueryDto,
  createBody: CreateServiceDto,
  updateBody: UpdateServiceDto,
  docs: SERVICES_DOCS,
}) {}
