import { Module } from '@nestjs/common';

import { inEveryVersion } from '../common/versioned';
import { RolesController } from './roles/roles.controller';
import { RolesService } from './roles/roles.service';

const controllers = [...inEveryVersion(RolesController, 'roles')];

const services = [RolesService];

/** The catalogue (contract 6): roles, service themes, services and their roles, clients and surveys. */
@Module({
  controllers,
  providers: services,
  exports: services,
})
export class CatalogueModule {}
