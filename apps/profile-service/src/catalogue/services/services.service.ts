import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { onServiceReachChanged } from '../../service-reach/reach-changes';
import {
  whereContainsIgnoringCase,
  whereEquals,
  whereEqualsIgnoringCase,
  whereIn,
} from '../../common/query-filters';
import type { ListServicesQueryDto, ServiceFiltersQueryDto } from './dto/service.dto';
import { ServiceEntity } from './entities/service.entity';

/** The ServiceListFilters every list of services takes, on the services of `alias`. */
export function whereServiceFilters<T extends ObjectLiteral>(
  list: SelectQueryBuilder<T>,
  alias: string,
  filters: Omit<ServiceFiltersQueryDto, 'PageNumber' | 'PageSize'>,
): void {
  whereIn(list, `${alias}.id`, filters.Ids);
  whereEquals(list, `${alias}.serviceThemeId`, filters.ServiceThemeId);
  whereEquals(list, `${alias}.externalId`, filters.ExternalId);
  whereEquals(list, `${alias}.isShownInCatalog`, filters.IsShownInCatalog);
  if (filters.IsForProcurationManagementView === true) list.andWhere(`${alias}.isProcurationAvailable`);
  whereEquals(list, `${alias}.isNew`, filters.IsNew);
  whereContainsIgnoringCase(list, `${alias}.url`, filters.UrlContains);
  if (filters.HasVisibleTheme !== undefined) {
    list.andWhere(
      `EXISTS (SELECT 1 FROM service_theme visible_theme
                WHERE visible_theme.id = ${alias}.service_theme_id AND visible_theme.is_visible = :hasVisibleTheme)`,
      { hasVisibleTheme: filters.HasVisibleTheme },
    );
  }
}

export const SERVICE_RESOURCE = {
  entity: ServiceEntity,
  noun: 'service',
  code: 'SERVICE',
  idName: 'serviceId',
  fields: {
    externalId: null,
    name: undefined,
    displayName: undefined,
    identificationLevelId: undefined,
    orgIdentificationLevelId: undefined,
    serviceThemeId: undefined,
    iconPath: null,
    cssClass: null,
    url: null,
    urlTarget: 'Self',
    trackerProjectId: null,
    isProcurationAvailable: false,
    isInMaintenance: false,
    isShownInCatalog: true,
    isExternal: false,
    isAccessible: false,
    isResponsive: false,
    isNew: false,
    isNavigationShown: true,
    isSupportAvailable: false,
    isProfileManagerAvailable: false,
    subThemeKey: null,
    daysUntilReminder: null,
  },
  filter: (list, query) => {
    whereServiceFilters(list, RECORD, query);
    whereEqualsIgnoringCase(list, `${RECORD}.name`, query.Name);
    if (query.HasVisibleServiceRole !== undefined) {
      list.andWhere(
        `EXISTS (SELECT 1 FROM service_role r WHERE r.service_id = ${RECORD}.id AND r.is_visible = :hasVisibleServiceRole)`,
        { hasVisibleServiceRole: query.HasVisibleServiceRole },
      );
    }
  },
} satisfies ResourceDefinition<ServiceEntity, ListServicesQueryDto>;

/**
 * Deletion takes the service's own parts (roles, clients, survey) with it; it is refused while the
 * service has settings, elevates an organization identification level, or profiles and
 * procurations refer to it (favorites, procuration links).
 */
@Injectable()
export class ServicesService extends CrudService<ServiceEntity, ListServicesQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, SERVICE_RESOURCE);
  }

  /** `isProcurationAvailable` turned off or on: the procurations follow, in the update's transaction (contract 6). */
  protected override async afterUpdate(
    manager: EntityManager,
    previous: ServiceEntity,
    saved: ServiceEntity,
  ): Promise<void> {
    if (previous.isProcurationAvailable === saved.isProcurationAvailable) return;
    await onServiceReachChanged(manager, {
      kind: 'procurationAvailability',
      serviceId: saved.id,
      isProcurationAvailable: saved.isProcurationAvailable,
    });
  }
}
