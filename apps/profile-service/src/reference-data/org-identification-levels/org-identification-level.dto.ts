import { ApiProperty } from '@nestjs/swagger';

import { CreatedBy, UpdatedBy } from '@portal/http-context';

import { OptionalInt } from '../../common/body-fields';
import {
  IdentificationLevelFieldsDto,
  IdentificationLevelResponse,
} from '../identification-levels/identification-level.dto';

export class OrgIdentificationLevelFieldsDto extends IdentificationLevelFieldsDto {
  @OptionalInt('The service that elevates an organization profile to this level, or null.', {
    minimum: 1,
    nullable: true,
  })
  readonly elevationServiceId?: number | null;
}

export class CreateOrgIdentificationLevelDto extends OrgIdentificationLevelFieldsDto {
  @CreatedBy() readonly createdBy: string;
}

export class UpdateOrgIdentificationLevelDto extends OrgIdentificationLevelFieldsDto {
  @UpdatedBy() readonly updatedBy: string;
}

export class OrgIdentificationLevelResponse extends IdentificationLevelResponse {
  @ApiProperty({ type: 'integer', nullable: true }) readonly elevationServiceId: number | null;
}
