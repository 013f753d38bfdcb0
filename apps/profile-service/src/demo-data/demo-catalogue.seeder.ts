import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

import { DEMO_DATA_AUTHOR, type DemoDataSet, type DemoDataWriter } from '@portal/database';

import { RoleEntity } from '../catalogue/roles/role.entity';
import { ServiceThemeEntity } from '../catalogue/service-themes/service-theme.entity';
import { ServiceClientEntity } from '../catalogue/services/service-client.entity';
import { ServiceRoleEntity } from '../catalogue/services/service-role.entity';
import { ServiceEntity } from '../catalogue/services/service.entity';
import { SurveyEntity } from '../catalogue/services/survey.entity';
import { ClientEntity } from '../reference-data/clients/client.entity';
import { IdentificationLevelEntity } from '../reference-data/identification-levels/identification-level.entity';
import { IdentityProviderEntity } from '../reference-data/identity-providers/identity-provider.entity';
import { LegalFormEntity } from '../reference-data/legal-forms/legal-form.entity';
import { MaritalStatusEntity } from '../reference-data/marital-statuses/marital-status.entity';
import { giveRoleToOrganizationsOfCategory } from '../reference-data/org-categories/org-category-roles.service';
import { OrgCategoryRoleEntity } from '../reference-data/org-categories/org-category-role.entity';
import { OrgCategoryEntity } from '../reference-data/org-categories/org-category.entity';
import { OrgIdentificationLevelEntity } from '../reference-data/org-identification-levels/org-identification-level.entity';
import { ServiceSettingEntity } from '../settings/service-setting.entity';
import DEMO_CATALOGUE_DATA from './demo-catalogue.json';

type Row = Record<string, unknown>;

interface DemoService extends Row {
  readonly name: string;
  readonly theme: string;
  readonly identificationLevel: string;
  readonly orgIdentificationLevel: string;
  readonly roles: readonly { readonly role: string; readonly isVisible?: boolean }[];
  readonly clients: readonly string[];
  readonly survey?: Row;
  readonly settings?: readonly Row[];
}

/**
 * demo-catalogue.json, a small catalogue of a Swiss canton, as a demo data set (SEED_DEMO_DATA,
 * libs/database demo-data.ts). Rows are matched by their unique names, so `always` adds only what
 * is missing and never changes what is there.
 */
export const DEMO_CATALOGUE: DemoDataSet = {
  label: 'demo catalogue',
  lockName: 'profile-service:demo-catalogue',
  // The tables whose rows make a catalogue "not empty" (the migration's citizen role does not count).
  tables: [
    'client',
    'identification_level',
    'org_identification_level',
    'identity_provider',
    'legal_form',
    'marital_status',
    'org_category',
    'service_theme',
    'service',
  ],
  load: (writer) => new DemoCatalogueLoader(writer).load(),
};

class DemoCatalogueLoader {
  private readonly manager: EntityManager;

  constructor(private readonly writer: DemoDataWriter) {
    this.manager = writer.manager;
  }

  async load(): Promise<void> {
    const { manager } = this;
    const data = DEMO_CATALOGUE_DATA;
    for (const client of data.clients) await this.writer.insert(ClientEntity, client);
    for (const level of data.identificationLevels) await this.writer.insert(IdentificationLevelEntity, level);
    for (const { elevationService: _later, ...level } of data.orgIdentificationLevels) {
      await this.writer.insert(OrgIdentificationLevelEntity, level);
    }
    for (const provider of data.identityProviders) await this.writer.insert(IdentityProviderEntity, provider);
    for (const form of data.legalForms) await this.writer.insert(LegalFormEntity, form);
    for (const status of data.maritalStatuses) await this.writer.insert(MaritalStatusEntity, status);
    for (const role of data.roles) await this.writer.insert(RoleEntity, role);
    for (const { roles, ...category } of data.orgCategories) {
      await this.writer.insert(OrgCategoryEntity, category);
      const orgCategoryId = await this.idOf(manager, OrgCategoryEntity, category.name);
      for (const role of roles) {
        const roleId = await this.idOf(manager, RoleEntity, role);
        await this.writer.insert(OrgCategoryRoleEntity, { orgCategoryId, roleId });
        await giveRoleToOrganizationsOfCategory(manager, orgCategoryId, roleId, DEMO_DATA_AUTHOR);
      }
    }
    for (const theme of data.serviceThemes) await this.writer.insert(ServiceThemeEntity, theme);
    for (const service of data.services as DemoService[]) await this.loadService(manager, service);
    for (const level of data.orgIdentificationLevels as { name: string; elevationService?: string }[]) {
      if (level.elevationService === undefined) continue;
      await manager.query(
        `UPDATE org_identification_level SET elevation_service_id = $2
          WHERE lower(name) = lower($1) AND elevation_service_id IS NULL`,
        [level.name, await this.idOf(manager, ServiceEntity, level.elevationService)],
      );
    }
  }

  private async loadService(manager: EntityManager, entry: DemoService): Promise<void> {
    const {
      theme,
      identificationLevel,
      orgIdentificationLevel,
      roles,
      clients,
      survey,
      settings,
      ...service
    } = entry;
    await this.writer.insert(ServiceEntity, {
      ...service,
      serviceThemeId: await this.idOf(manager, ServiceThemeEntity, theme),
      identificationLevelId: await this.idOf(manager, IdentificationLevelEntity, identificationLevel),
      orgIdentificationLevelId: await this.idOf(
        manager,
        OrgIdentificationLevelEntity,
        orgIdentificationLevel,
      ),
    });
    const serviceId = await this.idOf(manager, ServiceEntity, entry.name);
    for (const { role, isVisible } of roles) {
      const roleId = await this.idOf(manager, RoleEntity, role);
      await this.writer.insert(ServiceRoleEntity, { serviceId, roleId, isVisible: isVisible ?? true });
    }
    for (const client of clients) {
      await this.writer.insert(ServiceClientEntity, {
        serviceId,
        clientId: await this.idOf(manager, ClientEntity, client),
      });
    }
    if (survey) await this.writer.insert(SurveyEntity, { ...survey, serviceId });
    for (const setting of (settings ?? []) as Row[])
      await this.writer.insert(ServiceSettingEntity, { ...setting, serviceId });
  }

  private async idOf<T extends ObjectLiteral>(
    manager: EntityManager,
    entity: EntityTarget<T>,
    name: string,
  ): Promise<number> {
    const table = manager.connection.getMetadata(entity).tableName;
    const [row] = await manager.query<{ id: number }[]>(
      `SELECT id FROM "${table}" WHERE lower(name) = lower($1)`,
      [name],
    );
    if (!row) throw new Error(`The demo catalogue refers to ${table} '${name}', which it does not define.`);
    return row.id;
  }
}
