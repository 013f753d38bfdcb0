import { PageQueryDto } from '@portal/pagination';

import { OptionalBoolean, RequiredId } from '../../common/body-fields';
import { NamedFieldsDto } from '../../common/named.dto';
import { IdFilter, TextFilter } from '../../common/query-filters';
import { writeBodies } from '../../common/write-bodies';

export class ServiceSettingFieldsDto extends NamedFieldsDto {
  @RequiredId('The service the setting belongs to; the name is unique within it.')
  readonly serviceId: number;

  @OptionalBoolean('Values of the setting are secrets of the profile.', false)
  readonly isSecure?: boolean;
}

export const [CreateServiceSettingDto, UpdateServiceSettingDto] = writeBodies(
  ServiceSettingFieldsDto,
  'ServiceSetting',
);

export class ListServiceSettingsQueryDto extends PageQueryDto {
  @IdFilter('Only the settings of this service.')
  readonly ServiceId?: number;

  @TextFilter(100, 'Only the settings of this name (case-insensitive).')
  readonly Name?: string;
}
