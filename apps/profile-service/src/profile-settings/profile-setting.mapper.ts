import { auditOf } from '../common/audited.response';
import { toResponse } from '../common/crud/resource-definition';
import { SERVICE_SETTING_RESOURCE } from '../settings/service-settings.service';
import type { ProfileServiceSettingResponse, ServiceSettingValueResponse } from './profile-setting.dto';
import type { SettingValueView } from './profile-settings.service';

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
