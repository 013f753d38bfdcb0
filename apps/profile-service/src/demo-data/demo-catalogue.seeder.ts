import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

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
import { OrgCategoryRoleEntity } from '../reference-data/org-categories/org-category-role.entity';
import { OrgCategoryEntity } from '../reference-data/org-categories/org-category.entity';
import { OrgIdentificationLevelEntity } from '../reference-data/org-identification-levels/org-identification-level.entity';
import { ServiceSettingEntity } from '../settings/service-setting.entity';
import type { RoleAssignments } from '../profile-roles/role-assignments.service';
import DEMO_CATALOGUE from './demo-catalogue.json';

export type SeedMode = 'auto' | 'always' | 'never';
export type SeedOutcome = 'seeded' | 'not-empty' | 'no-schema' | 'off';

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

const SEEDER = 'demo-data';

/** Tables whose rows make a catalogue "not empty" (the migration's citizen role does not count). */
const CATALOGUE_TABLES = [
  'client',
  'identification_level',
  'org_identification_level',
  'identity_provider',
  'legal_form',
  'marital_status',
  'org_category',
  'service_theme',
  'service',
];

/**
 * Loads demo-catalogue.json so that a newcomer's `npm start` has something to explore.
 * `auto` loads it only into an empty catalogue; `always` adds what is missing and never changes
 * what is there (rows are matched by their unique names), so running it twice changes nothing.
 */
export class DemoCatalogueSeeder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly roleAssignments: RoleAssignments,
  ) {}

  async seed(mode: SeedMode): Promise<SeedOutcome> {
    if (mode === 'never') return 'off';
    return this.dataSource.transaction(async (manager) => {
      // Replicas starting together seed once.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['profile-service:demo-catalogue']);
      const [{ present }] = await manager.query<{ present: boolean }[]>(
        `SELECT to_regclass('service') IS NOT NULL AS present`,
      );
      if (!present) return 'no-schema';
      if (mode === 'auto' && !(await this.isEmpty(manager))) return 'not-empty';
      await this.load(manager);
      return 'seeded';
    });
  }

  private async isEmpty(manager: EntityManager): Promise<boolean> {
    const checks = CATALOGUE_TABLES.map((table) => `NOT EXISTS (SELECT 1 FROM "${table}")`).join(' AND ');
    const [{ empty }] = await manager.query<{ empty: boolean }[]>(`SELECT ${checks} AS empty`);
    return empty;
  }

  private async load(manager: EntityManager): Promise<void> {
    const data = DEMO_CATALOGUE;
    for (const client of data.clients) await this.insert(manager, ClientEntity, client);
    for (const level of data.identificationLevels)
      await this.insert(manager, IdentificationLevelEntity, level);
    for (const { elevationService: _later, ...level } of data.orgIdentificationLevels) {
      await this.insert(manager, OrgIdentificationLevelEntity, level);
    }
    for (const provider of data.identityProviders)
      await this.insert(manager, IdentityProviderEntity, provider);
    for (const form of data.legalForms) await this.insert(manager, LegalFormEntity, form);
    for (const status of data.maritalStatuses) await this.insert(manager, MaritalStatusEntity, status);
    for (const role of data.roles) await this.insert(manager, RoleEntity, role);
    for (const { roles, ...category } of data.orgCategories) {
      await this.insert(manager, OrgCategoryEntity, category);
      const orgCategoryId = await this.idOf(manager, OrgCategoryEntity, category.name);
      for (const role of roles) {
        const roleId = await this.idOf(manager, RoleEntity, role);
        await this.insert(manager, OrgCategoryRoleEntity, { orgCategoryId, roleId });
        await this.roleAssignments.giveCategoryRole(manager, orgCategoryId, roleId, SEEDER);
      }
    }
    for (const theme of data.serviceThemes) await this.insert(manager, ServiceThemeEntity, theme);
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
    await this.insert(manager, ServiceEntity, {
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
      await this.insert(manager, ServiceRoleEntity, { serviceId, roleId, isVisible: isVisible ?? true });
    }
    for (const client of clients) {
      await this.insert(manager, ServiceClientEntity, {
        serviceId,
        clientId: await this.idOf(manager, ClientEntity, client),
      });
    }
    if (survey) await this.insert(manager, SurveyEntity, { ...survey, serviceId });
    for (const setting of (settings ?? []) as Row[])
      await this.insert(manager, ServiceSettingEntity, { ...setting, serviceId });
  }

  /** Adds the row unless a row with the same unique values exists (ON CONFLICT DO NOTHING). */
  private async insert<T extends ObjectLiteral>(
    manager: EntityManager,
    entity: EntityTarget<T>,
    row: Row,
  ): Promise<void> {
    const now = new Date();
    await manager
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values({
        ...row,
        createdBy: SEEDER,
        createStamp: now,
        updatedBy: SEEDER,
        updateStamp: now,
      } as unknown as T)
      .orIgnore()
      .execute();
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
