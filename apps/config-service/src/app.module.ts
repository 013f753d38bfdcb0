import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AuditModule } from '@portal/audit';
import { ServiceRuntimeModule } from '@portal/service-runtime';

import { ConfigEnvironment } from './config-environment';
import { configDataSourceOptions } from './data-source';
import { CONFIG_WRITE } from './ui-templates/ui-templates.controller';
import { UiTemplatesModule } from './ui-templates/ui-templates.module';

@Module({})
export class AppModule {
  static register(env: ConfigEnvironment, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(configDataSourceOptions(databaseUrl, env.databasePool)),
        ServiceRuntimeModule.forRoot('config-service'),
        UiTemplatesModule.register(env.CONFIG_CONTRAST_POLICY),
        AuditModule.forService({ role: CONFIG_WRITE, versions: ['v10-0', 'v9-1'] }),
      ],
      providers: [{ provide: ConfigEnvironment, useValue: env }],
    };
  }
}
