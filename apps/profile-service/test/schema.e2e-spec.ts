import { DataSource } from 'typeorm';

import { type RunningTestApp, startTestApp } from '@portal/testing';

import { createProfileApp } from '../src/profile-app';
import { PROFILE_ENV_DEFAULTS, ProfileEnvironment } from '../src/profile-environment';

const TABLES = [
  'account',
  'audit_event',
  'client',
  'favorite_service',
  'identification_level',
  'identity',
  'identity_provider',
  'legal_form',
  'marital_status',
  'org_category',
  'org_category_role',
  'org_identification_level',
  'organization',
  'person',
  'procuration',
  'procuration_invite',
  'procuration_service',
  'profile',
  'profile_count',
  'profile_migrations',
  'profile_picture',
  'profile_role',
  'reach_reconciliation',
  'role',
  'search_value',
  'service',
  'service_client',
  'service_role',
  'service_setting',
  'service_setting_value',
  'service_theme',
  'signatory',
  'survey',
];

describe('profile-service schema (real PostgreSQL)', () => {
  let running: RunningTestApp<ProfileEnvironment>;
  let dataSource: DataSource;

  beforeAll(async () => {
    running = await startTestApp({
      label: 'profile_schema',
      environment: ProfileEnvironment,
      defaults: PROFILE_ENV_DEFAULTS,
      env: { SEED_DEMO_DATA: 'never' },
      createApp: createProfileApp,
    });
    dataSource = running.app.get(DataSource);
  });

  afterAll(async () => {
    await running?.close();
  });

  const tables = async (): Promise<string[]> =>
    (
      await dataSource.query<{ name: string }[]>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      )
    ).map((row) => row.name);

  it('creates every table of the data model', async () => {
    expect(await tables()).toEqual(TABLES);
  });

  it('matches the entities exactly: migration:generate would find nothing to do', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('names every constraint and index by the convention', async () => {
    // PostgreSQL 18 catalogues NOT NULL as constraints of type 'n' with names of its own: not ours to name.
    const names = await dataSource.query<{ name: string }[]>(`
      SELECT conname AS name FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = 'public' AND c.conrelid <> 'profile_migrations'::regclass AND c.contype <> 'n'
      UNION
      SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'profile_migrations'`);
    expect(names.length).toBeGreaterThan(100);
    expect(names.map((row) => row.name).filter((name) => !/^(pk|fk|uq|ix|ck)_[a-z_]+$/.test(name))).toEqual(
      [],
    );
  });

  it('creates the citizen role', async () => {
    expect(await dataSource.query(`SELECT name FROM role`)).toEqual([{ name: 'Citizen' }]);
  });

  it('reverts every migration down to an empty database, and applies them again', async () => {
    const migrations = dataSource.migrations.length;
    for (let step = 0; step < migrations; step += 1)
      await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await tables()).toEqual(['profile_migrations']);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await tables()).toEqual(TABLES);
    expect((await dataSource.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
  });
});
