import 'reflect-metadata';

import { DataSource } from 'typeorm';

import { type DatabasePool, postgresDataSourceOptions } from '@portal/database';

import { PROFILE_ENTITIES } from './entities';
import { CreateReferenceDataAndCatalogue1763827200000 } from './migrations/1763827200000-create-reference-data-and-catalogue';
import { CreateAuditEvent1767225600000 } from './migrations/1767225600000-create-audit-event';
import { CreateProfiles1763827260000 } from './migrations/1763827260000-create-profiles';
import { CreateProcurations1763827320000 } from './migrations/1763827320000-create-procurations';
import { EncryptSecureSettingValues1763827380000 } from './migrations/1763827380000-encrypt-secure-setting-values';
import { ProfileSearchAndRoleSource1763913600000 } from './migrations/1763913600000-profile-search-and-role-source';
import { ProfileCountSlots1764000000000 } from './migrations/1764000000000-profile-count-slots';
import { ProcurationRepresentativeOrder1767312000000 } from './migrations/1767312000000-procuration-representative-order';
import { RestrictDeletesOfReferencedRecords1767398400000 } from './migrations/1767398400000-restrict-deletes-of-referenced-records';
import { ReachReconciliation1767484800000 } from './migrations/1767484800000-reach-reconciliation';
import { AccentInsensitiveSearch1767571200000 } from './migrations/1767571200000-accent-insensitive-search';
import { SearchByDistinctValues1767657600000 } from './migrations/1767657600000-search-by-distinct-values';

/** The one description of profile-service's database, shared by the app and the migration CLI. */
export function profileDataSourceOptions(url: string, pool: DatabasePool = {}) {
  return postgresDataSourceOptions({
    url,
    entities: PROFILE_ENTITIES,
    migrations: [
      CreateReferenceDataAndCatalogue1763827200000,
      CreateProfiles1763827260000,
      CreateProcurations1763827320000,
      EncryptSecureSettingValues1763827380000,
      ProfileSearchAndRoleSource1763913600000,
      ProfileCountSlots1764000000000,
      CreateAuditEvent1767225600000,
      ProcurationRepresentativeOrder1767312000000,
      RestrictDeletesOfReferencedRecords1767398400000,
      ReachReconciliation1767484800000,
      AccentInsensitiveSearch1767571200000,
      SearchByDistinctValues1767657600000,
    ],
    migrationsTableName: 'profile_migrations',
    applicationName: 'profile-service',
    ...pool,
  });
}

/** For the TypeORM CLI (`nx run profile-service:migration-run`); DATABASE_URL is set by tools/migrate.js. */
export default new DataSource(profileDataSourceOptions(process.env['DATABASE_URL'] ?? ''));
