import { OptionalInt } from '../../common/body-fields';
import { writeBodies } from '../../common/write-bodies';
import { IdentificationLevelFieldsDto } from '../identification-levels/identification-level.dto';

export class OrgIdentificationLevelFieldsDto extends IdentificationLevelFieldsDto {
  @OptionalInt('The service that elevates an organization profile to this level, or null.', {
    minimum: 1,
    nullable: true,
  })
  readonly elevationServiceId?: number | null;
}

export const [CreateOrgIdentificationLevelDto, UpdateOrgIdentificationLevelDto] = writeBodies(
  OrgIdentificationLevelFieldsDto,
  'OrgIdentificationLevel',
);
