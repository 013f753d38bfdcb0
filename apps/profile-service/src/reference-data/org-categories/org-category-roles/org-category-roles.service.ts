import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { fetchPage, type Page, type PageQueryDto, pageRequestOf, parseOrderBy } from '@portal/pagination';
import { NotFoundError } from '@portal/problem-details';

import { RoleEntity } from '../../roles/role.entity';
import { ROLE_RESOURCE } from '../../roles/role.response';
import { notFoundError, orderByWhitelistOf, RECORD } from '../../../common/crud/resource-definition';
import { type Upserted, upsertLink } from '../../../common/upsert';
import { RoleAssignments } from '../../../service-reach/role-assignments.service';
import { OrgCategoriesService } from '../org-categories.service';
import { OrgCategoryRoleEntity } from './org-category-role.entity';
import { OrgCategoryEntity } from '../org-category.entity';

/**
 * The roles of an organization category. Every organization of the category holds them: linking
 * a role gives it to each organization profile of the category that lacks it, unlinking takes it
 * from those that hold it through the category (a role given directly stays), in the same
 * transaction and through RoleAssignments (interfaces 4.3).
 */
@Injectable()
export class OrgCategoryRolesService {
  private readonly roleOrder = orderByWhitelistOf(ROLE_RESOURCE);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly categories: OrgCategoriesService,
    private readonly roleAssignments: RoleAssignments,
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
      const upserted = await upsertLink(
        manager,
        OrgCategoryRoleEntity,
        { orgCategoryId, roleId },
        {},
        createdBy,
      );
      await this.roleAssignments.giveCategoryRole(manager, orgCategoryId, roleId, createdBy);
      return upserted;
    });
  }

  async delete(orgCategoryId: number, roleId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockCategoryAndRole(manager, orgCategoryId, roleId);
      const result = await manager.delete(OrgCategoryRoleEntity, { orgCategoryId, roleId });
      if (!result.affected) throw this.notLinked(orgCategoryId, roleId);
      await this.roleAssignments.takeCategoryRole(manager, orgCategoryId, roleId);
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
