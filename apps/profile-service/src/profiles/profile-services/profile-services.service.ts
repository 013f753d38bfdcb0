import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Any, type DataSource, type EntityManager, IsNull } from 'typeorm';

import { fetchRawPage, type Page, pageRequestOf, parseOrderBy } from '@portal/pagination';
import { NotFoundError } from '@portal/problem-details';

import { ServiceClientEntity } from '../../catalogue/services/entities/service-client.entity';
import type { ServiceEntity } from '../../catalogue/services/entities/service.entity';
import { SurveyEntity } from '../../catalogue/services/entities/survey.entity';
import { groupBy } from '../../common/group-by';
import { rawQueryReader } from '../../common/raw-rows';
import { FavoriteServiceEntity } from '../favorites/favorite-service.entity';
import { ProfileRoleEntity } from '../profile-roles/profile-role.entity';
import { profileRolesGranting } from '../../service-reach/reach';
import { findProfileOrFail } from '../profile-lock';
import type { ServiceParts } from './profile-service.response';
import type {
  ListProfileServicesQueryDto,
  ProfileServiceExpansion,
  ReadProfileServiceQueryDto,
} from './profile-service.dto';
import { PROFILE_SERVICE_ORDER, profileServicesQuery, SERVICE } from './profile-services.query';

export interface ProfileServices<T> {
  readonly services: T;
  readonly parts: ServiceParts;
  readonly expand: ReadonlySet<ProfileServiceExpansion>;
}

/**
 * The services a profile reaches by its roles (`/profiles/{profileId}/services`), filtered and
 * expanded. One query for the page (and its total); each one-to-many expansion is one more query
 * for the whole page.
 */
@Injectable()
export class ProfileServicesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(
    profileId: number,
    query: ListProfileServicesQueryDto,
  ): Promise<ProfileServices<Page<ServiceEntity>>> {
    const order = parseOrderBy(query.OrderBy, PROFILE_SERVICE_ORDER);
    const manager = this.dataSource.manager;
    await findProfileOrFail(manager, profileId);
    const expand = new Set(query.Expand ?? []);
    // Read raw (the joins are many-to-one): one statement for the page and its total, no hydration.
    const services = profileServicesQuery(manager, profileId, query, expand);
    const page = await fetchRawPage(services, order, pageRequestOf(query), rawQueryReader(services));
    const parts = await this.partsOf(manager, profileId, page.items, expand);
    return { services: page, parts, expand };
  }

  async get(
    profileId: number,
    serviceId: number,
    query: ReadProfileServiceQueryDto,
  ): Promise<ProfileServices<ServiceEntity>> {
    const manager = this.dataSource.manager;
    await findProfileOrFail(manager, profileId);
    const expand = new Set(query.Expand ?? []);
    const service = await profileServicesQuery(manager, profileId, {}, expand)
      .andWhere(`${SERVICE}.id = :serviceId`, { serviceId })
      .getOne();
    if (!service) {
      const exists = await manager.query<unknown[]>('SELECT 1 FROM service WHERE id = $1', [serviceId]);
      throw new NotFoundError(
        exists.length > 0
          ? `The profile ${profileId} does not reach the service ${serviceId}: no role it holds grants it.`
          : `No service has the id ${serviceId}.`,
        'PROFILE_SERVICE.NOT_FOUND',
      );
    }
    return { services: service, parts: await this.partsOf(manager, profileId, [service], expand), expand };
  }

  /**
   * One query per one-to-many expansion asked for, for the whole page; one after the other, to
   * spare the pool. The page's ids go as one array parameter (`= ANY($1)`), however many a
   * `PageSize=-1` page holds.
   */
  private async partsOf(
    manager: EntityManager,
    profileId: number,
    services: readonly ServiceEntity[],
    expand: ReadonlySet<ProfileServiceExpansion>,
  ): Promise<ServiceParts> {
    const serviceIds = services.map((service) => service.id);
    const wanted = (expansion: ProfileServiceExpansion) => expand.has(expansion) && serviceIds.length > 0;
    const parts = {
      profileRoles: new Map<number, ProfileRoleEntity[]>(),
      serviceClients: new Map<number, ServiceClientEntity[]>(),
      surveys: new Map<number, SurveyEntity>(),
      favorites: new Map<number, FavoriteServiceEntity>(),
    };
    if (wanted('ProfileRoles')) parts.profileRoles = await this.grantingRoles(manager, profileId, serviceIds);
    if (wanted('ServiceClients')) {
      const clients = await manager.find(ServiceClientEntity, {
        where: { serviceId: Any(serviceIds) },
        order: { id: 'ASC' },
      });
      parts.serviceClients = groupBy(clients, (client) => client.serviceId);
    }
    if (wanted('Survey')) {
      const surveys = await manager.findBy(SurveyEntity, { serviceId: Any(serviceIds) });
      parts.surveys = new Map(surveys.map((survey) => [survey.serviceId, survey]));
    }
    if (wanted('FavoriteService')) {
      const favorites = await manager.findBy(FavoriteServiceEntity, {
        profileId,
        serviceId: Any(serviceIds),
        representativeProfileId: IsNull(),
        delegatorProfileId: IsNull(),
      });
      parts.favorites = new Map(favorites.map((favorite) => [favorite.serviceId, favorite]));
    }
    return parts;
  }

  /** The profile's roles in force now that grant each service (the reach rule of service-reach). */
  private async grantingRoles(
    manager: EntityManager,
    profileId: number,
    serviceIds: readonly number[],
  ): Promise<Map<number, ProfileRoleEntity[]>> {
    const granting = await profileRolesGranting(manager, profileId, serviceIds);
    const ids = [...new Set([...granting.values()].flat())];
    if (ids.length === 0) return new Map();
    const roles = new Map(
      (await manager.findBy(ProfileRoleEntity, { id: Any(ids) })).map((role) => [role.id, role]),
    );
    return new Map(
      serviceIds.map((serviceId) => [
        serviceId,
        (granting.get(serviceId) ?? []).map((id) => roles.get(id)).filter((role) => role !== undefined),
      ]),
    );
  }
}
