import { CrudController } from '../common/crud/crud.controller';
import {
  CreateServiceSettingDto,
  ListServiceSettingsQueryDto,
  ServiceSettingResponse,
  UpdateServiceSettingDto,
} from './service-setting.dto';
import { SERVICE_SETTING_RESOURCE, ServiceSettingsService } from './service-settings.service';

export class ServiceSettingsController extends CrudController({
  definition: SERVICE_SETTING_RESOURCE,
  service: ServiceSettingsService,
  entityKey: 'serviceSetting',
  tag: 'Service settings',
  plural: 'service settings',
  response: ServiceSettingResponse,
  listQuery: ListServiceSettingsQueryDto,
  createBody: CreateServiceSettingDto,
  updateBody: UpdateServiceSettingDto,
}) {}
