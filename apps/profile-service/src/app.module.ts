import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { ServiceRuntimeModule } from '@portal/service-runtime';

import { profileDataSourceOptions } from './data-source';
import { ProfileEnvironment } from './profile-environment';

@Module({})
export class AppModule {
  static register(env: ProfileEnvironment, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(profileDataSourceOptions(databaseUrl, env.DATABASE_POOL_SIZE)),
        ServiceRuntimeModule.forRoot('profile-service'),
      ],
      providers: [{ provide: ProfileEnvironment, useValue: env }],
    };
  }
}
