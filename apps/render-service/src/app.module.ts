import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AuditModule } from '@portal/audit';
import { ServiceRuntimeModule } from '@portal/service-runtime';

import { renderDataSourceOptions } from './data-source';
import { RenderCoreModule, type RenderTestSeams } from './render-core.module';
import type { RenderEnvironment } from './render-environment';
import { RenderJobsModule } from './jobs/render-jobs.module';
import { RenderModule } from './render/render.module';
import { RENDER_TEMPLATES } from './templates/templates.controller';
import { TemplatesModule } from './templates/templates.module';

@Module({})
export class AppModule {
  static register(env: RenderEnvironment, databaseUrl: string, seams: RenderTestSeams = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(renderDataSourceOptions(databaseUrl, env.databasePool)),
        ServiceRuntimeModule.forRoot('render-service'),
        RenderCoreModule.forRoot(env, seams),
        TemplatesModule,
        RenderModule,
        RenderJobsModule.register(databaseUrl, seams.callbacks),
        AuditModule.forService({ role: RENDER_TEMPLATES, versions: ['v10-0'] }),
      ],
    };
  }
}
