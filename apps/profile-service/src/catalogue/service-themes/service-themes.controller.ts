import { CrudController } from '../../common/crud/crud.controller';
import {
  CreateServiceThemeDto,
  ListServiceThemesQueryDto,
  ServiceThemeResponse,
  UpdateServiceThemeDto,
} from './service-theme.dto';
import { SERVICE_THEME_RESOURCE, ServiceThemesService } from './service-themes.service';

export class ServiceThemesController extends CrudController({
  definition: SERVICE_THEME_RESOURCE,
  service: ServiceThemesService,
  entityKey: 'serviceTheme',
  tag: 'Service themes',
  plural: 'service themes',
  response: ServiceThemeResponse,
  listQuery: ListServiceThemesQueryDto,
  createBody: CreateServiceThemeDto,
  updateBody: UpdateServiceThemeDto,
}) {}
