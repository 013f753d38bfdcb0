import { ApiProperty } from '@nestjs/swagger';

import { AuditedResponse } from '../../../common/audited.response';
import { type ResourceDefinition } from '../../../common/crud/resource-definition';
import { OrgCategoryRoleEntity } from './org-category-role.entity';

/** The link of a role to a category (entity key `orgCategoryRole`). */
export class OrgCategoryRoleResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly orgCategoryId: number;
  @ApiProperty({ type: 'integer' }) readonly roleId: number;
}

/** The link of a role to a category, as responses show it (entity key `orgCategoryRole`). */
export const ORG_CATEGORY_ROLE_RESOURCE = {
  entity: OrgCategoryRoleEntity,
  noun: 'organization category role',
  code: 'ORG_CATEGORY_ROLE',
  idName: 'roleId',
  fields: { orgCategoryId: undefined, roleId: undefined },
} satisfies ResourceDefinition<OrgCategoryRoleEntity>;
