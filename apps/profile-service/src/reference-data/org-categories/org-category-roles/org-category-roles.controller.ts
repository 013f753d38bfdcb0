import { Body, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ApiBodyExamples, ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { type Page, PaginatedList, PageQueryDto } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';
import type { ExampleByVersion } from '@portal/service-runtime';

import { RoleResponse, ROLE_RESOURCE } from '../../roles/role.response';
import { PROFILE_READERS, PROFILE_WRITER } from '../../../common/access';
import { CreatedByBodyDto } from '../../../common/body-fields';
import { toResponse } from '../../../common/crud/resource-definition';
import {
  IdParam,
  NOT_FOUND,
  ORDER_BY,
  PAGING,
  readProjection,
  sentences,
  UPSERT,
  writeProjection,
} from '../../../common/operation-docs';
import { OrgCategoryRoleResponse, ORG_CATEGORY_ROLE_RESOURCE } from './org-category-role.response';
import { OrgCategoryRolesService } from './org-category-roles.service';

type Json = Record<string, unknown>;

/**
 * Ids of the demo catalogue: the category Company (1) gives the role Business (2). Each version's
 * delete takes away a link of its own that nothing reads: SelfEmployed (2) to Business (2), and
 * Foundation (4) to NonProfit (3).
 */
const CategoryId = (example: number | ExampleByVersion<number> = 1): MethodDecorator =>
  IdParam('orgCategoryId', example);
const RoleId = (example: number | ExampleByVersion<number> = 2): MethodDecorator =>
  IdParam('roleId', example);

/** `/org-categories/{orgCategoryId}/roles[/{roleId}]` (contract 6). */
@ApiTags('Organization categories')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class OrgCategoryRolesController {
  constructor(private readonly categoryRoles: OrgCategoryRolesService) {}

  @Get(':orgCategoryId/roles')
  @ApiOperation({
    summary: 'List the roles of an organization category',
    description: sentences(
      'The roles the category gives to its organization profiles.',
      PAGING,
      ORDER_BY,
      NOT_FOUND,
      readProjection('role'),
    ),
  })
  @CategoryId()
  @PaginatedList(RoleResponse)
  @Projected('role')
  @ApiProblemResponses(400, 404)
  async listOrgCategoryRoles(
    @Param('orgCategoryId', ParseInt32Pipe) orgCategoryId: number,
    @Query() query: PageQueryDto,
  ): Promise<Page<Json>> {
    const roles = await this.categoryRoles.list(orgCategoryId, query);
    return roles.map((role) => toResponse(ROLE_RESOURCE, role));
  }

  @Get(':orgCategoryId/roles/:roleId')
  @ApiOperation({
    summary: 'Read a role of an organization category',
    description: sentences(
      'A 404 when the category or the role does not exist, or the category does not give the role.',
      readProjection('role'),
    ),
  })
  @CategoryId()
  @RoleId()
  @ApiOkResponse({ type: RoleResponse })
  @Projected('role')
  @ApiProblemResponses(400, 404)
  async readOrgCategoryRole(
    @Param('orgCategoryId', ParseInt32Pipe) orgCategoryId: number,
    @Param('roleId', ParseInt32Pipe) roleId: number,
  ): Promise<Json> {
    return toResponse(ROLE_RESOURCE, await this.categoryRoles.get(orgCategoryId, roleId));
  }

  @Put(':orgCategoryId/roles/:roleId')
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Give a role to an organization category',
    description: sentences(
      UPSERT,
      'Every organization profile of the category that lacks the role receives it, in the same transaction.',
      NOT_FOUND,
      writeProjection('orgCategoryRole'),
    ),
  })
  @CategoryId(5)
  @RoleId()
  @ApiBodyExamples(CreatedByBodyDto, {
    orgCategoryRole: {
      summary: 'Public administrations (demo category 5) also receive the role Business (demo role 2)',
      value: { createdBy: 'luca.bernasconi' },
    },
  })
  @UpsertRoute(OrgCategoryRoleResponse)
  @Projected('orgCategoryRole', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async upsertOrgCategoryRole(
    @Param('orgCategoryId', ParseInt32Pipe) orgCategoryId: number,
    @Param('roleId', ParseInt32Pipe) roleId: number,
    @Body() body: CreatedByBodyDto,
  ): Promise<UpsertedResponse<Json>> {
    const upserted = await this.categoryRoles.upsert(orgCategoryId, roleId, body.createdBy);
    return UpsertedResponse.of(upserted, (link) => toResponse(ORG_CATEGORY_ROLE_RESOURCE, link));
  }

  @Delete(':orgCategoryId/roles/:roleId')
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Take a role from an organization category',
    description: sentences(
      'Answers 204. The organization profiles that hold the role through the category lose it, in the same transaction; one given directly keeps it.',
      'A 404 when the category or the role does not exist, or the category does not give the role.',
    ),
  })
  @CategoryId({ 'v10-0': 2, 'v9-1': 4 })
  @RoleId({ 'v10-0': 2, 'v9-1': 3 })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteOrgCategoryRole(
    @Param('orgCategoryId', ParseInt32Pipe) orgCategoryId: number,
    @Param('roleId', ParseInt32Pipe) roleId: number,
  ): Promise<void> {
    await this.categoryRoles.delete(orgCategoryId, roleId);
  }
}
