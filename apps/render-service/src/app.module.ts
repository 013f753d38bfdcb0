import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { ServiceRuntimeModule } from '@portal/service-runtime';

import { renderDataSourceOptions } from './data-source';
import { RenderEnvironment } from './render-environment';

@Module({})
export class AppModule {
  static register(env: RenderEnvironment, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(renderDataSourceOptions(databaseUrl, env.DATABASE_POOL_SIZE)),
        ServiceRuntimeModule.forRoot('render-service'),
      ],
      providers: [{ provide: RenderEnvironment, useValue: env }],
    };
  }
}
