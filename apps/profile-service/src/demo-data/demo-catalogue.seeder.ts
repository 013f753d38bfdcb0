import type { EntityTarget, ObjectLiteral } from 'typeorm';

import { DEMO_DATA_AUTHOR, type DemoDataSet, type DemoDataWriter } from '@portal/database';

import { RoleEntity } from '../reference-data/roles/role.entity';
import { ServiceThemeEntity } from '../catalogue/service-themes/service-theme.entity';
import { ServiceClientEntity } from '../catalogue/services/entities/service-client.entity';
import { ServiceRoleEntity } from '../catalogue/services/entities/service-role.entity';
import { ServiceEntity } from '../catalogue/services/entities/service.entity';
import { SurveyEntity } from '../catalogue/services/entities/survey.entity';
import { ClientEntity } from '../reference-data/clients/client.entity';
import { IdentificationLevelEntity } from '../reference-data/identification-levels/identification-level.entity';
import { IdentityProviderEntity } from '../reference-data/identity-providers/identity-provider.entity';
import { LegalFormEntity } from '../reference-data/legal-forms/legal-form.entity';
import { MaritalStatusEntity } from '../reference-data/marital-statuses/marital-status.entity';
import { OrgCategoryRoleEntity } from '../reference-data/org-categories/org-category-roles/org-category-role.entity';
import { OrgCategoryEntity } from '../reference-data/org-categories/org-category.entity';
import { OrgIdentificationLevelEntity } from '../reference-data/org-identification-levels/org-identification-level.entity';
import { ServiceSettingEntity } from '../settings/entities/service-setting.entity';
import type { RoleAssignments } from '../service-reach/role-assignments.service';
import DEMO_CATALOGUE from './demo-catalogue.json';

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
 * demo-catalogue.json as the shared demo data set (SEED_DEMO_DATA, libs/database demo-data.ts):
 * rows are matched by their unique names, so `always` adds only what is missing. Organizations of
 * a category receive the roles the data set links to it through the one writer of profile_role.
 */
export const demoCatalogue = (roleAssignments: RoleAssignments): DemoDataSet => ({
  label: 'demo catalogue',
  lockName: 'profile-service:demo-catalogue',
  tables: CATALOGUE_TABLES,
  load: (writer) => load(writer, roleAssignments),
});

/** The id of the row named `name` (case-insensitive), whether this run inserted it or it was there. */
async function idOf<T extends ObjectLiteral>(
  writer: DemoDataWriter,
  entity: EntityTarget<T>,
  name: string,
): Promise<number> {
  const table = writer.manager.connection.getMetadata(entity).tableName;
  const [row] = await writer.manager.query<{ id: number }[]>(
    `SELECT id FROM "${table}" WHERE lower(name) = lower($1)`,
    [name],
  );
  if (!row) throw new Error(`The demo catalogue refers to ${table} '${name}', which it does not define.`);
  return row.id;
}

async function load(writer: DemoDataWriter, roleAssignments: RoleAssignments): Promise<void> {
  const data = DEMO_CATALOGUE;
  for (const client of data.clients) await writer.insert(ClientEntity, client);
  for (const level of data.identificationLevels) await writer.insert(IdentificationLevelEntity, level);
  for (const { elevationService: _later, ...level } of data.orgIdentificationLevels)
    await writer.insert(OrgIdentificationLevelEntity, level);
  for (const provider of data.identityProviders) await writer.insert(IdentityProviderEntity, provider);
  for (const form of data.legalForms) await writer.insert(LegalFormEntity, form);
  for (const status of data.maritalStatuses) await writer.insert(MaritalStatusEntity, status);
  for (const role of data.roles) await writer.insert(RoleEntity, role);
  for (const { roles, ...category } of data.orgCategories) {
    await writer.insert(OrgCategoryEntity, category);
    const orgCategoryId = await idOf(writer, OrgCategoryEntity, category.name);
    for (const role of roles) {
      const roleId = await idOf(writer, RoleEntity, role);
      await writer.insert(OrgCategoryRoleEntity, { orgCategoryId, roleId });
      writer.count(
        'profile_role',
        await roleAssignments.giveCategoryRole(writer.manager, orgCategoryId, roleId, DEMO_DATA_AUTHOR),
      );
    }
  }
  for (const theme of data.serviceThemes) await writer.insert(ServiceThemeEntity, theme);
  for (const service of data.services as DemoService[]) await loadService(writer, service);
  for (const level of data.orgIdentificationLevels as { name: string; elevationService?: string }[]) {
    if (level.elevationService === undefined) continue;
    await writer.manager.query(
      `UPDATE org_identification_level SET elevation_service_id = $2
        WHERE lower(name) = lower($1) AND elevation_service_id IS NULL`,
      [level.name, await idOf(writer, ServiceEntity, level.elevationService)],
    );
  }
}

async function loadService(writer: DemoDataWriter, entry: DemoService): Promise<void> {
  const { theme, identificationLevel, orgIdentificationLevel, roles, clients, survey, settings, ...service } =
    entry;
  await writer.insert(ServiceEntity, {
    ...service,
    serviceThemeId: await idOf(writer, ServiceThemeEntity, theme),
    identificationLevelId: await idOf(writer, IdentificationLevelEntity, identificationLevel),
    orgIdentificationLevelId: await idOf(writer, OrgIdentificationLevelEntity, orgIdentificationLevel),
  });
  const serviceId = await idOf(writer, ServiceEntity, entry.name);
  for (const { role, isVisible } of roles) {
    const roleId = await idOf(writer, RoleEntity, role);
    await writer.insert(ServiceRoleEntity, { serviceId, roleId, isVisible: isVisible ?? true });
  }
  for (const client of clients)
    await writer.insert(ServiceClientEntity, {
      serviceId,
      clientId: await idOf(writer, ClientEntity, client),
    });
  if (survey) await writer.insert(SurveyEntity, { ...survey, serviceId });
  for (const setting of (settings ?? []) as Row[])
    await writer.insert(ServiceSettingEntity, { ...setting, serviceId });
}
