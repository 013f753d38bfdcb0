import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';

import {
  fetchPage,
  type OrderByWhitelist,
  type Page,
  type PageQueryDto,
  pageRequestOf,
  parseOrderBy,
} from '@portal/pagination';
import { NotFoundError } from '@portal/problem-details';

import { RoleEntity } from '../../reference-data/roles/role.entity';
import { ROLE_RESOURCE } from '../../reference-data/roles/role.response';
import { notFoundError, orderByWhitelistOf, RECORD } from '../../common/crud/resource-definition';
import type { Upserted } from '../../common/upsert';
import { findProfileOrFail } from '../profile-lock';
import { RoleAssignments } from '../../service-reach/role-assignments.service';
import type { ProfileRoleBodyDto } from './profile-role.dto';
import { ProfileRoleEntity } from './profile-role.entity';

/** A role as a profile holds it. */
export type HeldRole = RoleEntity & { profileRole: ProfileRoleEntity };

const LINK = 'link';

/** OrderBy over the role's properties and, dotted, over how the profile holds it. */
const HELD_ROLE_ORDER: OrderByWhitelist = {
  ...orderByWhitelistOf(ROLE_RESOURCE),
  'profileRole.validityStartStamp': `${LINK}.validityStartStamp`,
  'profileRole.source': `${LINK}.source`,
  'profileRole.createStamp': `${LINK}.createStamp`,
  'profileRole.updateStamp': `${LINK}.updateStamp`,
};

/** The roles of a profile (interfaces 4.3); every write goes through RoleAssignments. */
@Injectable()
export class ProfileRolesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly roleAssignments: RoleAssignments,
  ) {}

  async list(profileId: number, query: PageQueryDto): Promise<Page<HeldRole>> {
    const order = parseOrderBy(query.OrderBy, HELD_ROLE_ORDER);
    const manager = this.dataSource.manager;
    await findProfileOrFail(manager, profileId);
    return fetchPage(this.heldRoles(manager, profileId), order, pageRequestOf(query));
  }

  async get(profileId: number, roleId: number): Promise<HeldRole> {
    const manager = this.dataSource.manager;
    await findProfileOrFail(manager, profileId);
    const role = await this.heldRoles(manager, profileId)
      .andWhere(`${RECORD}.id = :roleId`, { roleId })
      .getOne();
    if (!role) throw notHeld(profileId, roleId);
    return role;
  }

  upsert(profileId: number, roleId: number, body: ProfileRoleBodyDto): Promise<Upserted<ProfileRoleEntity>> {
    return this.dataSource.transaction(async (manager) => {
      await findProfileOrFail(manager, profileId, 'share');
      if (!(await manager.existsBy(RoleEntity, { id: roleId }))) throw notFoundError(ROLE_RESOURCE, roleId);
      const start = body.validityStartStamp ? new Date(body.validityStartStamp) : new Date();
      const { id, created } = await this.roleAssignments.giveDirectly(
        manager,
        profileId,
        roleId,
        start,
        body.createdBy,
      );
      return { record: await manager.findOneByOrFail(ProfileRoleEntity, { id }), created };
    });
  }

  async delete(profileId: number, roleId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await findProfileOrFail(manager, profileId, 'share');
      if (!(await this.roleAssignments.take(manager, profileId, roleId))) throw notHeld(profileId, roleId);
    });
  }

  /** The roles of the profile, each with its link mapped onto `profileRole`. */
  private heldRoles(manager: EntityManager, profileId: number): SelectQueryBuilder<HeldRole> {
    // Typed as what the builder reads: innerJoinAndMapOne below sets `profileRole` on each role.
    return manager
      .getRepository<HeldRole>(RoleEntity)
      .createQueryBuilder(RECORD)
      .innerJoinAndMapOne(
        `${RECORD}.profileRole`,
        ProfileRoleEntity,
        LINK,
        `${LINK}.roleId = ${RECORD}.id AND ${LINK}.profileId = :profileId`,
        { profileId },
      );
  }
}

const notHeld = (profileId: number, roleId: number): NotFoundError =>
  new NotFoundError(`The profile ${profileId} does not hold the role ${roleId}.`, 'PROFILE_ROLE.NOT_FOUND');
