import { Module } from '@nestjs/common';

import { inEveryVersion } from '../common/versioned';
import { RolesController } from '../reference-data/roles/roles.controller';
import { RolesService } from '../reference-data/roles/roles.service';
import { ServiceThemesController } from './service-themes/service-themes.controller';
import { ServiceThemesService } from './service-themes/service-themes.service';
import { ServiceRelationsController } from './services/service-relations.controller';
import { ServiceRelationsService } from './services/service-relations.service';
import { ServicesController } from './services/services.controller';
import { ServicesService } from './services/services.service';

const controllers = [
  ...inEveryVersion(RolesController, 'roles'),
  ...inEveryVersion(ServiceThemesController, 'service-themes'),
  ...inEveryVersion(ServicesController, 'services'),
  ...inEveryVersion(ServiceRelationsController, 'services'),
];

const services = [RolesService, ServiceThemesService, ServicesService, ServiceRelationsService];

/**
 * The catalogue (contract 6): roles, service themes, services and the roles, clients and survey of a
 * service. The role records live in reference-data/roles, below the catalogue: organization
 * categories give roles too, and services name reference data.
 */
@Module({
  controllers,
  providers: services,
  exports: services,
})
export class CatalogueModule {}
