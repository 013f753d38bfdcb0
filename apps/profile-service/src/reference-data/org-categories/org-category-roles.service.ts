import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { fetchPage, type Page, type PageQueryDto, pageRequestOf, parseOrderBy } from '@portal/pagination';
import { NotFoundError } from '@portal/problem-details';

import { RoleEntity } from '../../catalogue/roles/role.entity';
import { ROLE_RESOURCE } from '../../catalogue/roles/roles.service';
import {
  notFoundError,
  orderByWhitelistOf,
  RECORD,
  type ResourceDefinition,
} from '../../common/crud/resource-definition';
import { type Upserted, upsertRow } from '../../common/upsert';
import { OrgCategoriesService } from './org-categories.service';
import { OrgCategoryRoleEntity } from './org-category-role.entity';
import { OrgCategoryEntity } from './org-category.entity';

/** The link of a role to a category, as responses show it (entity key `orgCategoryRole`). */
export const ORG_CATEGORY_ROLE_RESOURCE: ResourceDefinition<OrgCategoryRoleEntity> = {
  entity: OrgCategoryRoleEntity,
  noun: 'organization category role',
  code: 'ORG_CATEGORY_ROLE',
  idName: 'roleId',
  fields: { orgCategoryId: undefined, roleId: undefined },
};

/** The organization profiles of a category, as SQL over the parameter `$1` (the category id). */
const ORGANIZATION_PROFILES_OF_CATEGORY = `
  SELECT p.id FROM profile p JOIN organization o ON o.id = p.organization_id WHERE o.org_category_id = $1`;

/** Every organization profile of the category that lacks the role receives it (from now on); how many did. */
export async function giveRoleToOrganizationsOfCategory(
  manager: EntityManager,
  orgCategoryId: number,
  roleId: number,
  createdBy: string,
): Promise<number> {
  const given = await manager.query<unknown[]>(
    `INSERT INTO profile_role (profile_id, role_id, validity_start_stamp, created_by, create_stamp, updated_by, update_stamp)
       SELECT organization_profile.id, $2, $4, $3, $4, $3, $4 FROM (${ORGANIZATION_PROFILES_OF_CATEGORY}) organization_profile
     ON CONFLICT (profile_id, role_id) DO NOTHING RETURNING profile_id`,
    [orgCategoryId, roleId, createdBy, new Date()],
  );
  return given.length;
}

/**
 * The roles of an organization category. Every organization of the category holds them: linking
 * a role gives it to each organization profile of the category that lacks it, unlinking takes it
 * from all of them, in the same transaction (interfaces 4.3).
 */
@Injectable()
export class OrgCategoryRolesService {
  private readonly roleOrder = orderByWhitelistOf(ROLE_RESOURCE);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly categories: OrgCategoriesService,
  ) {}

  async list(orgCategoryId: number, query: PageQueryDto): Promise<Page<RoleEntity>> {
    const order = parseOrderBy(query.OrderBy, this.roleOrder);
    await this.categories.get(orgCategoryId);
    const list = this.rolesOf(this.dataSource.manager, orgCategoryId);
    return fetchPage(list, order, pageRequestOf(query));
  }

  async get(orgCategoryId: number, roleId: number): Promise<RoleEntity> {
    await this.categories.get(orgCategoryId);
    const role = await this.rolesOf(this.dataSource.manager, orgCategoryId)
      .andWhere(`${RECORD}.id = :roleId`, { roleId })
      .getOne();
    if (!role) throw this.notLinked(orgCategoryId, roleId);
    return role;
  }

  async upsert(
    orgCategoryId: number,
    roleId: number,
    createdBy: string,
  ): Promise<Upserted<OrgCategoryRoleEntity>> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockCategoryAndRole(manager, orgCategoryId, roleId);
      const row = await upsertRow(
        manager,
        'org_category_role',
        { org_category_id: orgCategoryId, role_id: roleId },
        {},
        createdBy,
      );
      await giveRoleToOrganizationsOfCategory(manager, orgCategoryId, roleId, createdBy);
      const record = await manager.findOneByOrFail(OrgCategoryRoleEntity, { id: row.id });
      return { record, created: row.created };
    });
  }

  async delete(orgCategoryId: number, roleId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockCategoryAndRole(manager, orgCategoryId, roleId);
      const result = await manager.delete(OrgCategoryRoleEntity, { orgCategoryId, roleId });
      if (!result.affected) throw this.notLinked(orgCategoryId, roleId);
      await manager.query(
        `DELETE FROM profile_role WHERE role_id = $2 AND profile_id IN (${ORGANIZATION_PROFILES_OF_CATEGORY})`,
        [orgCategoryId, roleId],
      );
    });
  }

  private rolesOf(manager: EntityManager, orgCategoryId: number) {
    return manager
      .getRepository(RoleEntity)
      .createQueryBuilder(RECORD)
      .innerJoin(
        OrgCategoryRoleEntity,
        'link',
        `link.roleId = ${RECORD}.id AND link.orgCategoryId = :orgCategoryId`,
        { orgCategoryId },
      );
  }

  /** 404 for an unknown category or role; the category stays put until the transaction ends. */
  private async lockCategoryAndRole(
    manager: EntityManager,
    orgCategoryId: number,
    roleId: number,
  ): Promise<void> {
    const category = await manager.findOne(OrgCategoryEntity, {
      where: { id: orgCategoryId },
      lock: { mode: 'pessimistic_read' },
    });
    if (!category) throw this.categories.notFound(orgCategoryId);
    if (!(await manager.existsBy(RoleEntity, { id: roleId }))) throw notFoundError(ROLE_RESOURCE, roleId);
  }

  private notLinked(orgCategoryId: number, roleId: number): NotFoundError {
    return new NotFoundError(
      `The role ${roleId} is not a role of the organization category ${orgCategoryId}.`,
      'ORG_CATEGORY_ROLE.NOT_FOUND',
    );
  }
}
