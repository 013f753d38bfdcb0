import { ApiProperty } from '@nestjs/swagger';

import { CreatedBy, OptionalText, RequiredText, UpdatedBy } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { AuditedResponse } from '../../common/audited.response';
import { OptionalBoolean, OptionalInt } from '../../common/body-fields';
import { BooleanFilter, TextFilter } from '../../common/query-filters';

export class OrgCategoryFieldsDto {
  @RequiredText(1, 100, 'Unique code name (unique case-insensitively).')
  readonly name: string;

  @RequiredText(1, 255, 'Display label; a translation term.')
  readonly displayName: string;

  @OptionalText(
    50,
    'Unique code (case-insensitively) used at registration to decide whether self-registration is possible.',
  )
  readonly code?: string | null;

  @OptionalText(255, 'Internal description, not shown to citizens.')
  readonly description?: string | null;

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

export class CreateOrgCategoryDto extends OrgCategoryFieldsDto {
  @CreatedBy() readonly createdBy: string;
}

export class UpdateOrgCategoryDto extends OrgCategoryFieldsDto {
  @UpdatedBy() readonly updatedBy: string;
}

export class ListOrgCategoriesQueryDto extends PageQueryDto {
  @TextFilter(50, 'Only the category of this code (case-insensitive).')
  readonly Code?: string;

  @BooleanFilter('Only categories shown (true) or not shown (false) in the registration form.')
  readonly IsVisible?: boolean;
}

export class OrgCategoryResponse extends AuditedResponse {
  @ApiProperty() readonly name: string;
  @ApiProperty() readonly displayName: string;
  @ApiProperty({ type: String, nullable: true }) readonly code: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly description: string | null;
  @ApiProperty() readonly isVisible: boolean;
  @ApiProperty() readonly isOrgDeletableByOwner: boolean;
  @ApiProperty({ type: String, nullable: true }) readonly profilePictureUrl: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly smallProfilePictureUrl: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) readonly daysUntilFirstDeletionReminder: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) readonly daysUntilSecondDeletionReminder: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) readonly daysUntilDeletion: number | null;
}

/** The link of a role to a category (entity key `orgCategoryRole`). */
export class OrgCategoryRoleResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly orgCategoryId: number;
  @ApiProperty({ type: 'integer' }) readonly roleId: number;
}
