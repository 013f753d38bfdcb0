import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Any, type DataSource, type EntityManager, IsNull, type SelectQueryBuilder } from 'typeorm';

import { fetchRawPage, Page, pageRequestOf, parseOrderBy } from '@portal/pagination';
import { NotFoundError, ValidationProblemError } from '@portal/problem-details';

import { ServiceClientEntity } from '../catalogue/services/entities/service-client.entity';
import { ServiceEntity } from '../catalogue/services/entities/service.entity';
import { whereServiceFilters, SERVICE_RESOURCE } from '../catalogue/services/dto/service.response';
import { SurveyEntity } from '../catalogue/services/entities/survey.entity';
import { notFoundError } from '../common/crud/resource-definition';
import { groupBy } from '../common/group-by';
import { rawQueryReader } from '../common/raw-rows';
import { type Upserted, upsertLink } from '../common/upsert';
import type { UpsertFavoriteServiceDto } from '../profiles/favorites/favorite-service.dto';
import { FavoriteServiceEntity } from '../profiles/favorites/favorite-service.entity';
import type { ServiceParts } from '../profiles/profile-services/profile-service.response';
import { PROFILE_SERVICE_ORDER, SERVICE } from '../profiles/profile-services/profile-services.query';
import {
  linkMissingProcurationServices,
  linkProcurationService,
  unlinkProcurationService,
} from '../service-reach/procuration-links';
import { reachesNow, whereProfileReaches } from '../service-reach/reach';
import type { ProcurationEntity } from './entities/procuration.entity';
import type {
  ListProcurationServicesQueryDto,
  ProcurationServiceBodyDto,
  ProcurationServiceExpansion,
  ReadProcurationServiceQueryDto,
} from './dto/procuration-service.dto';
import { ProcurationServiceEntity } from './entities/procuration-service.entity';
import { type ProcurationKey, procurationNotFound, ProcurationsService } from './procurations.service';

const LINK = 'link';

/** Services read through a procuration, with what the mapper needs. */
export interface ProcurationServices<T> {
  readonly services: T;
  readonly parts: ServiceParts;
  readonly expand: ReadonlySet<ProcurationServiceExpansion>;
}

/** `agreed`: every link (outbound); `accessible`: what the representative may use now (inbound, contract 6). */
export type ServiceView = 'agreed' | 'accessible';

/**
 * The services of a procuration (contract 6, interfaces 4.3): the agreed ones (outbound, every
 * link) and the accessible ones (inbound: the procuration is usable and the link has started);
 * their links (upsert of a service the principal reaches and that is procuration-available, delete,
 * add all missing) and the favorites within the procuration. One query for a page and its total,
 * one more per one-to-many expansion.
 */
@Injectable()
export class ProcurationServicesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly procurations: ProcurationsService,
  ) {}

  async list(
    key: ProcurationKey,
    view: ServiceView,
    query: ListProcurationServicesQueryDto,
  ): Promise<ProcurationServices<Page<ServiceEntity>>> {
    const order = parseOrderBy(query.OrderBy, PROFILE_SERVICE_ORDER);
    const manager = this.dataSource.manager;
    const procuration = await this.procurationOrFail(manager, key);
    const expand = new Set(query.Expand ?? []);
    const now = new Date();
    if (view === 'accessible' && !(await this.isUsable(manager, procuration, now))) {
      return { services: new Page([], 0, pageRequestOf(query)), parts: emptyParts(), expand };
    }
    // Read raw (one row per service: the link is unique per service): the page and its total in one statement.
    const services = this.servicesQuery(manager, procuration, view, query, expand, now);
    const page = await fetchRawPage(services, order, pageRequestOf(query), rawQueryReader(services));
    return { services: page, parts: await this.partsOf(manager, procuration, page.items, expand), expand };
  }

  async get(
    key: ProcurationKey,
    view: ServiceView,
    serviceId: number,
    query: ReadProcurationServiceQueryDto,
  ): Promise<ProcurationServices<ServiceEntity>> {
    const manager = this.dataSource.manager;
    const procuration = await this.procurationOrFail(manager, key);
    const expand = new Set(query.Expand ?? []);
    const now = new Date();
    const usable = view === 'agreed' || (await this.isUsable(manager, procuration, now));
    const service = usable
      ? await this.servicesQuery(manager, procuration, view, {}, expand, now)
          .andWhere(`${SERVICE}.id = :serviceId`, { serviceId })
          .getOne()
      : null;
    if (!service) {
      if (!(await manager.existsBy(ServiceEntity, { id: serviceId })))
        throw notFoundError(SERVICE_RESOURCE, serviceId);
      throw new NotFoundError(
        !usable
          ? `The procuration ${procuration.id} is not usable now: it gives access to no service.`
          : view === 'agreed'
            ? `The procuration ${procuration.id} does not grant the service ${serviceId}.`
            : `The procuration ${procuration.id} gives no access to the service ${serviceId} now.`,
        'PROCURATION_SERVICE.NOT_FOUND',
      );
    }
    return { services: service, parts: await this.partsOf(manager, procuration, [service], expand), expand };
  }

  /** PUT of one link: only a service the principal reaches now and that is procuration-available (else 400). */
  upsert(
    key: ProcurationKey,
    serviceId: number,
    body: ProcurationServiceBodyDto,
  ): Promise<Upserted<ProcurationServiceEntity>> {
    return this.dataSource.transaction(async (manager) => {
      await this.procurations.lockProfiles(manager, key);
      const procuration = await this.procurationOrFail(manager, key);
      const service = await manager.findOneBy(ServiceEntity, { id: serviceId });
      if (!service) throw notFoundError(SERVICE_RESOURCE, serviceId);
      if (!service.isProcurationAvailable) {
        throw ValidationProblemError.of(
          'serviceId',
          `The service ${serviceId} is not available for procurations (isProcurationAvailable is false).`,
          'PROCURATION_SERVICE.NOT_AVAILABLE',
        );
      }
      const [reached] = await reachesNow(manager, key.principalProfileId, [serviceId]);
      if (!reached) {
        throw ValidationProblemError.of(
          'serviceId',
          `The principal ${key.principalProfileId} does not reach the service ${serviceId}: no role it holds grants it.`,
          'PROCURATION_SERVICE.NOT_REACHED',
        );
      }
      const { id, created } = await linkProcurationService(
        manager,
        procuration.id,
        serviceId,
        body.validityStartStamp ? new Date(body.validityStartStamp) : new Date(),
        body.createdBy,
      );
      return { record: await manager.findOneByOrFail(ProcurationServiceEntity, { id }), created };
    });
  }

  async delete(key: ProcurationKey, serviceId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.procurations.lockProfiles(manager, key);
      const procuration = await this.procurationOrFail(manager, key);
      if (!(await manager.existsBy(ServiceEntity, { id: serviceId })))
        throw notFoundError(SERVICE_RESOURCE, serviceId);
      if (!(await unlinkProcurationService(manager, procuration.id, serviceId))) {
        throw new NotFoundError(
          `The procuration ${procuration.id} does not grant the service ${serviceId}.`,
          'PROCURATION_SERVICE.NOT_FOUND',
        );
      }
    });
  }

  /**
   * POST: a link to every service the principal reaches now and that is procuration-available,
   * where the procuration lacks one; answers every link of the procuration.
   */
  addMissing(key: ProcurationKey, body: ProcurationServiceBodyDto): Promise<ProcurationServiceEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      await this.procurations.lockProfiles(manager, key);
      const procuration = await this.procurationOrFail(manager, key);
      await linkMissingProcurationServices(
        manager,
        procuration,
        body.validityStartStamp ? new Date(body.validityStartStamp) : new Date(),
        body.createdBy,
      );
      return manager.find(ProcurationServiceEntity, {
        where: { procurationId: procuration.id },
        order: { id: 'ASC' },
      });
    });
  }

  /** PUT of a favorite within the procuration (inbound): any service of the catalogue, like a profile's own. */
  upsertFavorite(
    key: ProcurationKey,
    serviceId: number,
    body: UpsertFavoriteServiceDto,
  ): Promise<Upserted<FavoriteServiceEntity>> {
    return this.dataSource.transaction(async (manager) => {
      await this.procurations.lockProfiles(manager, key);
      await this.procurationOrFail(manager, key);
      if (!(await manager.existsBy(ServiceEntity, { id: serviceId })))
        throw notFoundError(SERVICE_RESOURCE, serviceId);
      return upsertLink(
        manager,
        FavoriteServiceEntity,
        {
          profileId: key.principalProfileId,
          representativeProfileId: key.representativeProfileId,
          delegatorProfileId: key.delegatorProfileId,
          serviceId,
        },
        { sortOrder: body.sortOrder ?? 0 },
        body.createdBy,
      );
    });
  }

  async deleteFavorite(key: ProcurationKey, serviceId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.procurations.lockProfiles(manager, key);
      await this.procurationOrFail(manager, key);
      if (!(await manager.existsBy(ServiceEntity, { id: serviceId })))
        throw notFoundError(SERVICE_RESOURCE, serviceId);
      const result = await manager.delete(FavoriteServiceEntity, favoriteOf(key, serviceId));
      if (!result.affected) {
        throw new NotFoundError(
          `The service ${serviceId} is not a favorite within this procuration.`,
          'FAVORITE_SERVICE.NOT_FOUND',
        );
      }
    });
  }

  private async procurationOrFail(manager: EntityManager, key: ProcurationKey): Promise<ProcurationEntity> {
    const procuration = await this.procurations.find(manager, key);
    if (procuration) return procuration;
    await this.procurations.get(key, { expand: new Set(), includeCustomImageBytes: false }, manager);
    throw procurationNotFound(key);
  }

  private async isUsable(
    manager: EntityManager,
    procuration: ProcurationEntity,
    now: Date,
  ): Promise<boolean> {
    const [view] = await this.procurations.viewsOf(manager, [procuration], now, {
      expand: new Set(),
      includeCustomImageBytes: false,
    });
    return view.state.isUsable;
  }

  private servicesQuery(
    manager: EntityManager,
    procuration: ProcurationEntity,
    view: ServiceView,
    filters: Omit<ListProcurationServicesQueryDto, 'Expand' | 'PageNumber' | 'PageSize'>,
    expand: ReadonlySet<ProcurationServiceExpansion>,
    now: Date,
  ): SelectQueryBuilder<ServiceEntity> {
    const query = manager
      .getRepository(ServiceEntity)
      .createQueryBuilder(SERVICE)
      .innerJoin(
        ProcurationServiceEntity,
        LINK,
        `${LINK}.serviceId = ${SERVICE}.id AND ${LINK}.procurationId = :linkProcurationId` +
          (view === 'accessible' ? ` AND ${LINK}.validityStartStamp <= :linkNow` : ''),
        { linkProcurationId: procuration.id, ...(view === 'accessible' && { linkNow: now }) },
      );
    if (expand.has('ServiceTheme') || /serviceTheme\./i.test(filters.OrderBy ?? ''))
      query.leftJoinAndSelect(`${SERVICE}.serviceTheme`, 'serviceTheme');
    if (expand.has('IdentificationLevel'))
      query.leftJoinAndSelect(`${SERVICE}.identificationLevel`, 'identificationLevel');
    if (expand.has('OrgIdentificationLevel'))
      query.leftJoinAndSelect(`${SERVICE}.orgIdentificationLevel`, 'orgIdentificationLevel');
    whereServiceFilters(query, SERVICE, filters);
    if (filters.HasVisibleServiceRole !== undefined) {
      whereProfileReaches(query, `${SERVICE}.id`, procuration.principalProfileId, {
        visibleServiceRole: filters.HasVisibleServiceRole,
      });
    }
    if (filters.IsFavorite !== undefined) {
      query.andWhere(
        `${filters.IsFavorite ? '' : 'NOT '}EXISTS (
           SELECT 1 FROM favorite_service procuration_favorite
            WHERE procuration_favorite.service_id = ${SERVICE}.id
              AND procuration_favorite.profile_id = :favoritePrincipal
              AND procuration_favorite.representative_profile_id = :favoriteRepresentative
              AND procuration_favorite.delegator_profile_id IS NOT DISTINCT FROM :favoriteDelegator)`,
        {
          favoritePrincipal: procuration.principalProfileId,
          favoriteRepresentative: procuration.representativeProfileId,
          favoriteDelegator: procuration.delegatorProfileId,
        },
      );
    }
    return query;
  }

  /**
   * One query per one-to-many expansion asked for, for the whole page; one after the other. The
   * page's ids go as one array parameter (`= ANY($1)`), however many a `PageSize=-1` page holds.
   */
  private async partsOf(
    manager: EntityManager,
    procuration: ProcurationEntity,
    services: readonly ServiceEntity[],
    expand: ReadonlySet<ProcurationServiceExpansion>,
  ): Promise<ServiceParts> {
    const serviceIds = services.map((service) => service.id);
    const wanted = (expansion: ProcurationServiceExpansion) => expand.has(expansion) && serviceIds.length > 0;
    const parts = emptyParts();
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
        ...favoriteOf(procuration, 0),
        serviceId: Any(serviceIds),
      });
      parts.favorites = new Map(favorites.map((favorite) => [favorite.serviceId, favorite]));
    }
    if (wanted('ProcurationService')) {
      const links = await manager.findBy(ProcurationServiceEntity, {
        procurationId: procuration.id,
        serviceId: Any(serviceIds),
      });
      parts.procurationServices = new Map(links.map((link) => [link.serviceId, link]));
    }
    return parts;
  }
}

function emptyParts(): {
  profileRoles: Map<number, never[]>;
  serviceClients: Map<number, ServiceClientEntity[]>;
  surveys: Map<number, SurveyEntity>;
  favorites: Map<number, FavoriteServiceEntity>;
  procurationServices: Map<number, ProcurationServiceEntity>;
} {
  return {
    profileRoles: new Map(),
    serviceClients: new Map(),
    surveys: new Map(),
    favorites: new Map(),
    procurationServices: new Map(),
  };
}

/** The favorite of a service within a procuration (the principal's, with its representative and delegator). */
function favoriteOf(key: ProcurationKey, serviceId: number) {
  return {
    profileId: key.principalProfileId,
    representativeProfileId: key.representativeProfileId,
    delegatorProfileId: key.delegatorProfileId ?? IsNull(),
    serviceId,
  };
}
