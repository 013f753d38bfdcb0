import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

export interface ServiceDataSourceSettings {
  readonly url: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly migrations: MixedList<Function | string>;
  /** Each service names its own table of applied migrations. */
  readonly migrationsTableName: string;
  readonly poolSize?: number;
  readonly applicationName?: string;
}

/** The one shape of every service's DataSource: PostgreSQL, migrations only, never synchronize. */
export function postgresDataSourceOptions(settings: ServiceDataSourceSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.url,
    entities: settings.entities,
    migrations: settings.migrations,
    migrationsTableName: settings.migrationsTableName,
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    applicationName: settings.applicationName,
    poolSize: settings.poolSize ?? 10,
    extra: { connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000 },
  };
}
