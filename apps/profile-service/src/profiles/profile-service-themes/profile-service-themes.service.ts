import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { fetchPage, type Page, pageRequestOf, parseOrderBy } from '@portal/pagination';

import { ServiceThemeEntity } from '../../catalogue/service-themes/service-theme.entity';
import { SERVICE_THEME_RESOURCE } from '../../catalogue/service-themes/service-theme.response';
import { orderByWhitelistOf } from '../../common/crud/resource-definition';
import { whereEquals } from '../../common/query-filters';
import { profileReaches } from '../../service-reach/reach';
import { findProfileOrFail } from '../profile-lock';
import type { ListProfileServiceThemesQueryDto } from './profile-service-theme.dto';

const THEME = 'theme';
const THEME_ORDER = Object.fromEntries(
  Object.keys(orderByWhitelistOf(SERVICE_THEME_RESOURCE)).map((property) => [
    property,
    `${THEME}.${property}`,
  ]),
);

/** The themes of the services a profile reaches (`/profiles/{profileId}/service-themes`). */
@Injectable()
export class ProfileServiceThemesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(profileId: number, query: ListProfileServiceThemesQueryDto): Promise<Page<ServiceThemeEntity>> {
    const order = parseOrderBy(query.OrderBy, THEME_ORDER);
    const manager = this.dataSource.manager;
    await findProfileOrFail(manager, profileId);
    const reach = profileReaches('theme_service.id', profileId);
    const procurationOnly =
      query.IsForProcurationManagementView === true ? 'AND theme_service.is_procuration_available' : '';
    const list = manager
      .getRepository(ServiceThemeEntity)
      .createQueryBuilder(THEME)
      .where(
        `EXISTS (SELECT 1 FROM service theme_service
                  WHERE theme_service.service_theme_id = ${THEME}.id ${procurationOnly} AND ${reach.condition})`,
        reach.parameters,
      );
    whereEquals(list, `${THEME}.isVisible`, query.IsVisible);
    return fetchPage(list, order, pageRequestOf(query));
  }
}
