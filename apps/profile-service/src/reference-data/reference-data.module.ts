import { Module } from '@nestjs/common';

import { inEveryVersion } from '../common/versioned';
import { ClientsController } from './clients/clients.controller';
import { ClientsService } from './clients/clients.service';
import { IdentificationLevelsController } from './identification-levels/identification-levels.controller';
import { IdentificationLevelsService } from './identification-levels/identification-levels.service';
import { IdentityProvidersController } from './identity-providers/identity-providers.controller';
import { IdentityProvidersService } from './identity-providers/identity-providers.service';
import { LegalFormsController } from './legal-forms/legal-forms.controller';
import { LegalFormsService } from './legal-forms/legal-forms.service';
import { MaritalStatusesController } from './marital-statuses/marital-statuses.controller';
import { MaritalStatusesService } from './marital-statuses/marital-statuses.service';
import { OrgCategoriesController } from './org-categories/org-categories.controller';
import { OrgCategoriesService } from './org-categories/org-categories.service';
import { OrgCategoryRolesController } from './org-categories/org-category-roles/org-category-roles.controller';
import { OrgCategoryRolesService } from './org-categories/org-category-roles/org-category-roles.service';
import { OrgIdentificationLevelsController } from './org-identification-levels/org-identification-levels.controller';
import { OrgIdentificationLevelsService } from './org-identification-levels/org-identification-levels.service';
import { ServiceReachModule } from '../service-reach/service-reach.module';

const controllers = [
  ...inEveryVersion(ClientsController, 'clients'),
  ...inEveryVersion(IdentificationLevelsController, 'identification-levels'),
  ...inEveryVersion(OrgIdentificationLevelsController, 'org-identification-levels'),
  ...inEveryVersion(IdentityProvidersController, 'identity-providers'),
  ...inEveryVersion(LegalFormsController, 'legal-forms'),
  ...inEveryVersion(MaritalStatusesController, 'marital-statuses'),
  ...inEveryVersion(OrgCategoriesController, 'org-categories'),
  ...inEveryVersion(OrgCategoryRolesController, 'org-categories'),
];

const services = [
  ClientsService,
  IdentificationLevelsService,
  OrgIdentificationLevelsService,
  IdentityProvidersService,
  LegalFormsService,
  MaritalStatusesService,
  OrgCategoriesService,
  OrgCategoryRolesService,
];

/** Reference data (contract 6): clients, identification levels, identity providers, legal forms, marital statuses, organization categories and their roles. */
@Module({
  imports: [ServiceReachModule],
  controllers,
  providers: services,
  exports: services,
})
export class ReferenceDataModule {}
