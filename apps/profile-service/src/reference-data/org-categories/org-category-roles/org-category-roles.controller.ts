import { Body, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { type Page, PaginatedList, PageQueryDto } from '@portal/pagination';

import { RoleResponse, ROLE_RESOURCE } from '../../roles/role.response';
import { PROFILE_READERS, PROFILE_WRITER } from '../../../common/access';
import { CreatedByBodyDto } from '../../../common/body-fields';
import { toResponse } from '../../../common/crud/resource-definition';
import {
  DeleteOrgCategoryRoleDocs,
  ListOrgCategoryRolesDocs,
  OrgCategoryRolesDocs,
  ReadOrgCategoryRoleDocs,
  UpsertOrgCategoryRoleDocs,
} from './org-category-roles.openapi';
import { OrgCategoryRoleResponse, ORG_CATEGORY_ROLE_RESOURCE } from './org-category-role.response';
import { OrgCategoryRolesService } from './org-category-roles.service';

type Json = Record<string, unknown>;

const CategoryId = () => Param('orgCategoryId', ParseInt32Pipe);
const RoleId = () => Param('roleId', ParseInt32Pipe);

/** `/org-categories/{orgCategoryId}/roles[/{roleId}]` (contract 6). */
@OrgCategoryRolesDocs()
@RequireRoles(...PROFILE_READERS)
export class OrgCategoryRolesController {
  constructor(private readonly categoryRoles: OrgCategoryRolesService) {}

  @Get(':orgCategoryId/roles')
  @ListOrgCategoryRolesDocs()
  @PaginatedList(RoleResponse)
  @Projected('role')
  async listOrgCategoryRoles(
    @CategoryId() orgCategoryId: number,
    @Query() query: PageQueryDto,
  ): Promise<Page<Json>> {
    const roles = await this.categoryRoles.list(orgCategoryId, query);
    return roles.map((role) => toResponse(ROLE_RESOURCE, role));
  }

  @Get(':orgCategoryId/roles/:roleId')
  @ReadOrgCategoryRoleDocs()
  @Projected('role')
  async readOrgCategoryRole(@CategoryId() orgCategoryId: number, @RoleId() roleId: number): Promise<Json> {
    return toResponse(ROLE_RESOURCE, await this.categoryRoles.get(orgCategoryId, roleId));
  }

  @Put(':orgCategoryId/roles/:roleId')
  @RequireRoles(PROFILE_WRITER)
  @UpsertOrgCategoryRoleDocs()
  @UpsertRoute(OrgCategoryRoleResponse)
  @Projected('orgCategoryRole', { queryable: false })
  async upsertOrgCategoryRole(
    @CategoryId() orgCategoryId: number,
    @RoleId() roleId: number,
    @Body() body: CreatedByBodyDto,
  ): Promise<UpsertedResponse<Json>> {
    const upserted = await this.categoryRoles.upsert(orgCategoryId, roleId, body.createdBy);
    return UpsertedResponse.of(upserted, (link) => toResponse(ORG_CATEGORY_ROLE_RESOURCE, link));
  }

  @Delete(':orgCategoryId/roles/:roleId')
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @DeleteOrgCategoryRoleDocs()
  async deleteOrgCategoryRole(@CategoryId() orgCategoryId: number, @RoleId() roleId: number): Promise<void> {
    await this.categoryRoles.delete(orgCategoryId, roleId);
  }
}
