import type { Logger } from 'pino';
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

/** What a seed did: its outcome, and the rows it added by table (tables it added none to left out). */
export interface SeedReport {
  readonly outcome: SeedOutcome;
  readonly inserted: Readonly<Record<string, number>>;
}

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

  async seed(mode: SeedMode): Promise<SeedReport> {
    if (mode === 'never') return { outcome: 'off', inserted: {} };
    return this.dataSource.transaction(async (manager) => {
      // Replicas starting together seed once.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['profile-service:demo-catalogue']);
      const [{ present }] = await manager.query<{ present: boolean }[]>(
        `SELECT to_regclass('service') IS NOT NULL AS present`,
      );
      if (!present) return { outcome: 'no-schema', inserted: {} };
      if (mode === 'auto' && !(await this.isEmpty(manager))) return { outcome: 'not-empty', inserted: {} };
      const inserted = new Map<string, number>();
      await load(new SeedRun(manager, inserted, this.roleAssignments));
      return { outcome: 'seeded', inserted: Object.fromEntries(inserted) };
    });
  }

  private async isEmpty(manager: EntityManager): Promise<boolean> {
    const checks = CATALOGUE_TABLES.map((table) => `NOT EXISTS (SELECT 1 FROM "${table}")`).join(' AND ');
    const [{ empty }] = await manager.query<{ empty: boolean }[]>(`SELECT ${checks} AS empty`);
    return empty;
  }
}

/**
 * Seeds as SEED_DEMO_DATA says and logs what that added: the rows by table, or that every demo
 * row was there already.
 */
export async function seedDemoCatalogue(
  dataSource: DataSource,
  roleAssignments: RoleAssignments,
  mode: SeedMode,
  logger: Logger,
): Promise<SeedReport> {
  const report = await new DemoCatalogueSeeder(dataSource, roleAssignments).seed(mode);
  const rows = Object.values(report.inserted).reduce((sum, count) => sum + count, 0);
  if (report.outcome === 'seeded' && rows > 0)
    logger.info({
      msg: `demo catalogue: ${rows} ${rows === 1 ? 'row' : 'rows'} added`,
      SEED_DEMO_DATA: mode,
      inserted: report.inserted,
    });
  else if (report.outcome === 'seeded')
    logger.info({ msg: 'demo catalogue: nothing added, every demo row is present', SEED_DEMO_DATA: mode });
  else if (report.outcome === 'not-empty')
    logger.info({ msg: 'demo catalogue: not loaded, the catalogue has data', SEED_DEMO_DATA: mode });
  else if (report.outcome === 'no-schema')
    logger.warn({
      msg: 'demo catalogue: not loaded, the schema is missing (migrations not run)',
      SEED_DEMO_DATA: mode,
    });
  return report;
}

/** One seed's transaction, and the rows it added by table. */
class SeedRun {
  constructor(
    readonly manager: EntityManager,
    private readonly inserted: Map<string, number>,
    /** The one writer of profile_role: organizations of a seeded category receive its roles. */
    readonly roleAssignments: RoleAssignments,
  ) {}

  /** Adds the row unless a row with the same unique values exists (ON CONFLICT DO NOTHING). */
  async insert<T extends ObjectLiteral>(entity: EntityTarget<T>, row: Row): Promise<void> {
    const now = new Date();
    const result = await this.manager
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
      .returning('id')
      .execute();
    // RETURNING yields the rows inserted, none for a row that was there.
    this.count(this.manager.connection.getMetadata(entity).tableName, (result.raw as unknown[]).length);
  }

  count(table: string, rows: number): void {
    if (rows > 0) this.inserted.set(table, (this.inserted.get(table) ?? 0) + rows);
  }

  async idOf<T extends ObjectLiteral>(entity: EntityTarget<T>, name: string): Promise<number> {
    const table = this.manager.connection.getMetadata(entity).tableName;
    const [row] = await this.manager.query<{ id: number }[]>(
      `SELECT id FROM "${table}" WHERE lower(name) = lower($1)`,
      [name],
    );
    if (!row) throw new Error(`The demo catalogue refers to ${table} '${name}', which it does not define.`);
    return row.id;
  }
}

async function load(run: SeedRun): Promise<void> {
  const data = DEMO_CATALOGUE;
  for (const client of data.clients) await run.insert(ClientEntity, client);
  for (const level of data.identificationLevels) await run.insert(IdentificationLevelEntity, level);
  for (const { elevationService: _later, ...level } of data.orgIdentificationLevels)
    await run.insert(OrgIdentificationLevelEntity, level);
  for (const provider of data.identityProviders) await run.insert(IdentityProviderEntity, provider);
  for (const form of data.legalForms) await run.insert(LegalFormEntity, form);
  for (const status of data.maritalStatuses) await run.insert(MaritalStatusEntity, status);
  for (const role of data.roles) await run.insert(RoleEntity, role);
  for (const { roles, ...category } of data.orgCategories) {
    await run.insert(OrgCategoryEntity, category);
    const orgCategoryId = await run.idOf(OrgCategoryEntity, category.name);
    for (const role of roles) {
      const roleId = await run.idOf(RoleEntity, role);
      await run.insert(OrgCategoryRoleEntity, { orgCategoryId, roleId });
      run.count(
        'profile_role',
        await run.roleAssignments.giveCategoryRole(run.manager, orgCategoryId, roleId, SEEDER),
      );
    }
  }
  for (const theme of data.serviceThemes) await run.insert(ServiceThemeEntity, theme);
  for (const service of data.services as DemoService[]) await loadService(run, service);
  for (const level of data.orgIdentificationLevels as { name: string; elevationService?: string }[]) {
    if (level.elevationService === undefined) continue;
    await run.manager.query(
      `UPDATE org_identification_level SET elevation_service_id = $2
        WHERE lower(name) = lower($1) AND elevation_service_id IS NULL`,
      [level.name, await run.idOf(ServiceEntity, level.elevationService)],
    );
  }
}

async function loadService(run: SeedRun, entry: DemoService): Promise<void> {
  const { theme, identificationLevel, orgIdentificationLevel, roles, clients, survey, settings, ...service } =
    entry;
  await run.insert(ServiceEntity, {
    ...service,
    serviceThemeId: await run.idOf(ServiceThemeEntity, theme),
    identificationLevelId: await run.idOf(IdentificationLevelEntity, identificationLevel),
    orgIdentificationLevelId: await run.idOf(OrgIdentificationLevelEntity, orgIdentificationLevel),
  });
  const serviceId = await run.idOf(ServiceEntity, entry.name);
  for (const { role, isVisible } of roles) {
    const roleId = await run.idOf(RoleEntity, role);
    await run.insert(ServiceRoleEntity, { serviceId, roleId, isVisible: isVisible ?? true });
  }
  for (const client of clients)
    await run.insert(ServiceClientEntity, { serviceId, clientId: await run.idOf(ClientEntity, client) });
  if (survey) await run.insert(SurveyEntity, { ...survey, serviceId });
  for (const setting of (settings ?? []) as Row[])
    await run.insert(ServiceSettingEntity, { ...setting, serviceId });
}
