import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';

import { CreatedBy } from '@portal/http-context';

import { AuditedResponse } from '../common/audited.response';
import { ServiceSettingResponse } from '../settings/service-setting.dto';

/** `PUT /profiles/{profileId}/service-settings/{settingId}` (interfaces 4.3). */
export class UpsertServiceSettingValueDto {
  @ApiProperty({
    description: 'The value (an empty text is a value too). Encrypted at rest when the setting is secure.',
    maxLength: 4000,
  })
  @IsDefined({ message: '$property is required' })
  // Not free text: the service's own value, given back as sent (and encrypted when secure).
  @MaxLength(4000)
  @IsString()
  readonly value: string;

  @CreatedBy() readonly createdBy: string;
}

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

export const SERVICE_SETTING_RELATIONS = { serviceSettingValue: 'serviceSettingValue' } as const;
