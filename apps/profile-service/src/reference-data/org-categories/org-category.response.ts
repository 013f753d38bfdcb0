import { ApiProperty } from '@nestjs/swagger';

import { CodedResponse } from '../../common/named.response';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { whereEquals, whereEqualsIgnoringCase } from '../../common/query-filters';
import type { ListOrgCategoriesQueryDto } from './org-category.dto';
import { OrgCategoryEntity } from './org-category.entity';

export class OrgCategoryResponse extends CodedResponse {
  @ApiProperty() readonly isVisible: boolean;
  @ApiProperty() readonly isOrgDeletableByOwner: boolean;
  @ApiProperty({ type: String, nullable: true }) readonly profilePictureUrl: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly smallProfilePictureUrl: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) readonly daysUntilFirstDeletionReminder: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) readonly daysUntilSecondDeletionReminder: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) readonly daysUntilDeletion: number | null;
}

export const ORG_CATEGORY_RESOURCE = {
  entity: OrgCategoryEntity,
  noun: 'organization category',
  code: 'ORG_CATEGORY',
  idName: 'orgCategoryId',
  fields: {
    name: undefined,
    displayName: undefined,
    code: null,
    description: null,
    isVisible: true,
    isOrgDeletableByOwner: true,
    profilePictureUrl: null,
    smallProfilePictureUrl: null,
    daysUntilFirstDeletionReminder: null,
    daysUntilSecondDeletionReminder: null,
    daysUntilDeletion: null,
  },
  filter: (list, query) => {
    whereEqualsIgnoringCase(list, `${RECORD}.code`, query.Code);
    whereEquals(list, `${RECORD}.isVisible`, query.IsVisible);
  },
} satisfies ResourceDefinition<OrgCategoryEntity, ListOrgCategoriesQueryDto>;
