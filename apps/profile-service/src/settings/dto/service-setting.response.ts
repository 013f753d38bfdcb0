import { ApiProperty } from '@nestjs/swagger';

import { NamedResponse } from '../../common/named.response';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { whereEquals, whereEqualsIgnoringCase } from '../../common/query-filters';
import type { ListServiceSettingsQueryDto } from './service-setting.dto';
import { ServiceSettingEntity } from '../entities/service-setting.entity';

/** A setting a service lets each profile store a value for (entity key `serviceSetting`). */
export class ServiceSettingResponse extends NamedResponse {
  @ApiProperty({ type: 'integer' }) readonly serviceId: number;
  @ApiProperty() readonly isSecure: boolean;
}

export const SERVICE_SETTING_RESOURCE = {
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
} satisfies ResourceDefinition<ServiceSettingEntity, ListServiceSettingsQueryDto>;
