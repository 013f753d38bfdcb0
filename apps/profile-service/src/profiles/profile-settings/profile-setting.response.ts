import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { AuditedResponse, auditOf } from '../../common/audited.response';
import {
  ServiceSettingResponse,
  SERVICE_SETTING_RESOURCE,
} from '../../settings/dto/service-setting.response';
import { toResponse } from '../../common/crud/resource-definition';
import type { SettingValueView } from './profile-settings.service';

/** A profile's value of a service setting (entity key `serviceSettingValue`). */
export class ServiceSettingValueResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly profileId: number;
  @ApiProperty({ type: 'integer' }) readonly serviceSettingId: number;
  @ApiPropertyOptional({
    description:
      'The value. For a secure setting (`isSecure`), returned only at access level 9 (ProfileApi_Max, ' +
      'not lowered by Limited); otherwise left out.',
  })
  readonly value?: string;
}

/** A service setting with the profile's value (entity key `serviceSetting`). */
export class ProfileServiceSettingResponse extends ServiceSettingResponse {
  @ApiProperty({ type: ServiceSettingValueResponse, description: "The profile's value of the setting." })
  readonly serviceSettingValue: ServiceSettingValueResponse;
}

/** A value as responses show it: `value` only when the caller may see it. */
export function toServiceSettingValueResponse(view: SettingValueView): ServiceSettingValueResponse {
  const { value } = view;
  return {
    id: value.id,
    profileId: value.profileId,
    serviceSettingId: value.serviceSettingId,
    ...(view.plaintext !== undefined && { value: view.plaintext }),
    ...auditOf(value),
  };
}

/** A setting with the profile's value. */
export function toProfileServiceSettingResponse(view: SettingValueView): ProfileServiceSettingResponse {
  return {
    ...toResponse(SERVICE_SETTING_RESOURCE, view.setting),
    serviceSettingValue: toServiceSettingValueResponse(view),
  };
}

export const SERVICE_SETTING_RELATIONS = { serviceSettingValue: 'serviceSettingValue' } as const;
