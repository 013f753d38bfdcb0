import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';

import { CreatedBy } from '@portal/http-context';

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
