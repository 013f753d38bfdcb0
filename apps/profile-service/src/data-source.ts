import 'reflect-metadata';

import { DataSource } from 'typeorm';

import { postgresDataSourceOptions } from '@portal/database';

/** The one description of profile-service's database, shared by the app and the migration CLI. */
export function profileDataSourceOptions(url: string, poolSize?: number) {
  return postgresDataSourceOptions({
    url,
    entities: [],
    migrations: [],
    migrationsTableName: 'profile_migrations',
    applicationName: 'profile-service',
    poolSize,
  });
}

/** For the TypeORM CLI (`nx run profile-service:migration-run`); DATABASE_URL is set by tools/migrate.js. */
export default new DataSource(profileDataSourceOptions(process.env['DATABASE_URL'] ?? ''));
