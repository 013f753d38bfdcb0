import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../common/crud/crud.service';
import { RECORD, type ResourceDefinition } from '../common/crud/resource-definition';
import { whereEquals, whereEqualsIgnoringCase } from '../common/query-filters';
import type { ListServiceSettingsQueryDto } from './service-setting.dto';
import { ServiceSettingEntity } from './service-setting.entity';

export const SERVICE_SETTING_RESOURCE: ResourceDefinition<ServiceSettingEntity, ListServiceSettingsQueryDto> =
  {
    entity: ServiceSettingEntity,
    noun: 'service setting',
    code: 'SERVICE_SETTING',
    idName: 'settingId',
    fields: {
      name: undefined,
      displayName: undefined,
      description: null,
      serviceId: undefined,
      isSecure: false,
    },
    filter: (list, query) => {
      whereEquals(list, `${RECORD}.serviceId`, query.ServiceId);
      whereEqualsIgnoringCase(list, `${RECORD}.name`, query.Name);
    },
  };

/** Setting definitions (contract 6); deleting one deletes the values profiles stored for it. */
@Injectable()
export class ServiceSettingsService extends CrudService<ServiceSettingEntity, ListServiceSettingsQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, SERVICE_SETTING_RESOURCE);
  }
}
