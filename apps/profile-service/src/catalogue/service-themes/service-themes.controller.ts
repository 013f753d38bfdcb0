import { CrudController } from '../../common/crud/crud.controller';
import { CreateServiceThemeDto, ListServiceThemesQueryDto, UpdateServiceThemeDto } from './service-theme.dto';
import { ServiceThemeResponse, SERVICE_THEME_RESOURCE } from './service-theme.response';
import { ServiceThemesService } from './service-themes.service';
import { SERVICE_THEMES_DOCS } from './service-themes.openapi';

export class ServiceThemesController extends CrudController({
  definition: SERVICE_THEME_RESOURCE,
  service: ServiceThemesService,
  entityKey: 'serviceTheme',
  response: ServiceThemeResponse,
  listQuery: ListServiceThemesQueryDto,
  createBody: CreateServiceThemeDto,
  updateBody: UpdateServiceThemeDto,
  docs: SERVICE_THEMES_DOCS,
}) {}
