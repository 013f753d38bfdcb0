import { OptionalText } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { OptionalBoolean, OptionalInt } from '../../common/body-fields';
import { CodedFieldsDto } from '../../common/named.dto';
import { BooleanFilter, TextFilter } from '../../common/query-filters';
import { writeBodies } from '../../common/write-bodies';

export class OrgCategoryFieldsDto extends CodedFieldsDto {
  @OptionalBoolean('Shown in the organization registration form.', true)
  readonly isVisible?: boolean;

  @OptionalBoolean('Organizations of the category may be deleted by an owner.', true)
  readonly isOrgDeletableByOwner?: boolean;

  @OptionalText(100, 'Default picture of the category.')
  readonly profilePictureUrl?: string | null;

  @OptionalText(100, 'Small variant of the default picture.')
  readonly smallProfilePictureUrl?: string | null;

  @OptionalInt('Days until the first deletion reminder; 0 or more.', { minimum: 0, nullable: true })
  readonly daysUntilFirstDeletionReminder?: number | null;

  @OptionalInt('Days until the second deletion reminder; 0 or more.', { minimum: 0, nullable: true })
  readonly daysUntilSecondDeletionReminder?: number | null;

  @OptionalInt('Days until deletion; greater than 0.', { minimum: 1, nullable: true })
  readonly daysUntilDeletion?: number | null;
}

export const [CreateOrgCategoryDto, UpdateOrgCategoryDto] = writeBodies(OrgCategoryFieldsDto, 'OrgCategory');

export class ListOrgCategoriesQueryDto extends PageQueryDto {
  @TextFilter(50, 'Only the category of this code (case-insensitive).')
  readonly Code?: string;

  @BooleanFilter('Only categories shown (true) or not shown (false) in the registration form.')
  readonly IsVisible?: boolean;
}
