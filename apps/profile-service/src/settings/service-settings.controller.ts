import { CrudController } from '../common/crud/crud.controller';
import {
  CreateServiceSettingDto,
  ListServiceSettingsQueryDto,
  UpdateServiceSettingDto,
} from './dto/service-setting.dto';
import { ServiceSettingResponse, SERVICE_SETTING_RESOURCE } from './dto/service-setting.response';
import { ServiceSettingsService } from './service-settings.service';
import { SERVICE_SETTINGS_DOCS } from './service-settings.openapi';

export class ServiceSettingsController extends CrudController({
  definition: SERVICE_SETTING_RESOURCE,
  service: ServiceSettingsService,
  entityKey: 'serviceSetting',
  response: ServiceSettingResponse,
  listQuery: ListServiceSettingsQueryDto,
  createBody: CreateServiceSettingDto,
  updateBody: UpdateServiceSettingDto,
  docs: SERVICE_SETTINGS_DOCS,
}) {}
