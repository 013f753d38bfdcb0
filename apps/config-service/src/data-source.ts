import 'reflect-metadata';

import { DataSource } from 'typeorm';

import { type DatabasePool, postgresDataSourceOptions } from '@portal/database';

import { CreateAuditEvent1767225600000 } from './migrations/1767225600000-create-audit-event';
import { CreateUiTemplates1763740800000 } from './migrations/1763740800000-create-ui-templates';
import { UiTemplateSenderIdentifierEntity } from './ui-templates/ui-template-sender-identifier.entity';
import { UiTemplateEntity } from './ui-templates/ui-template.entity';

/** The one description of config-service's database, shared by the app and the migration CLI. */
export function configDataSourceOptions(url: string, pool: DatabasePool = {}) {
  return postgresDataSourceOptions({
    url,
    entities: [UiTemplateEntity, UiTemplateSenderIdentifierEntity],
    migrations: [CreateUiTemplates1763740800000, CreateAuditEvent1767225600000],
    migrationsTableName: 'config_migrations',
    applicationName: 'config-service',
    ...pool,
  });
}

/** For the TypeORM CLI (`nx run config-service:migration-run`); DATABASE_URL is set by tools/migrate.js. */
export default new DataSource(configDataSourceOptions(process.env['DATABASE_URL'] ?? ''));
