import 'reflect-metadata';

import { DataSource } from 'typeorm';

import { type DatabasePool, postgresDataSourceOptions } from '@portal/database';

import { RenderJobEntity, RenderJobItemEntity } from './jobs/render-job.entity';
import { CreateAuditEvent1767225600000 } from './migrations/1767225600000-create-audit-event';
import { CreateRenderTemplates1764000000000 } from './migrations/1764000000000-create-render-templates';
import { AddRenderTemplateSampleData1766000000000 } from './migrations/1766000000000-add-render-template-sample-data';
import { CreateRenderJobs1768000000000 } from './migrations/1768000000000-create-render-jobs';
import { RenderTemplateVersionEntity } from './templates/template-version.entity';
import { RenderTemplateEntity } from './templates/template.entity';

/** The one description of render-service's database, shared by the app and the migration CLI. */
export function renderDataSourceOptions(url: string, pool: DatabasePool = {}) {
  return postgresDataSourceOptions({
    url,
    entities: [RenderTemplateEntity, RenderTemplateVersionEntity, RenderJobEntity, RenderJobItemEntity],
    migrations: [
      CreateRenderTemplates1764000000000,
      AddRenderTemplateSampleData1766000000000,
      CreateAuditEvent1767225600000,
      CreateRenderJobs1768000000000,
    ],
    migrationsTableName: 'render_migrations',
    applicationName: 'render-service',
    ...pool,
  });
}

/** For the TypeORM CLI (`nx run render-service:migration-run`); DATABASE_URL is set by tools/migrate.js. */
export default new DataSource(renderDataSourceOptions(process.env['DATABASE_URL'] ?? ''));
