import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AccessLevelTable, ProjectionModule } from '@portal/access-level';
import { AuditModule } from '@portal/audit';
import { ServiceRuntimeModule } from '@portal/service-runtime';

import { CatalogueModule } from './catalogue/catalogue.module';
import { profileDataSourceOptions } from './data-source';
import { PROFILE_WRITER } from './common/access';
import { API_VERSIONS } from './common/versioned';
import { FavoritesModule } from './profiles/favorites/favorites.module';
import { IdentitiesModule } from './profiles/identities/identities.module';
import { ProcurationInvitesModule } from './procurations/procuration-invites.module';
import { ProcurationsModule } from './procurations/procurations.module';
import { PROFILE_ENTITY_SCHEMAS } from './profile-entity-schemas';
import { ProfileEnvironment } from './profile-environment';
import { ProfilePicturesModule } from './profiles/profile-pictures/profile-pictures.module';
import { ProfileRolesModule } from './profiles/profile-roles/profile-roles.module';
import { ProfileServiceThemesModule } from './profiles/profile-service-themes/profile-service-themes.module';
import { ProfileServicesModule } from './profiles/profile-services/profile-services.module';
import { ProfileSettingsModule } from './profiles/profile-settings/profile-settings.module';
import { ProfilesModule } from './profiles/profiles.module';
import { ReferenceDataModule } from './reference-data/reference-data.module';
import { SettingsModule } from './settings/settings.module';

@Module({})
export class AppModule {
  static register(env: ProfileEnvironment, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(profileDataSourceOptions(databaseUrl, env.databasePool)),
        ServiceRuntimeModule.forRoot('profile-service'),
        ProjectionModule.forRoot({
          table: AccessLevelTable.fromFile(env.ACCESS_LEVELS_FILE),
          schemas: PROFILE_ENTITY_SCHEMAS,
        }),
        ReferenceDataModule,
        CatalogueModule,
        SettingsModule,
        IdentitiesModule,
        ProfileRolesModule,
        ProfilesModule,
        ProfilePicturesModule,
        ProfileServicesModule,
        ProfileServiceThemesModule,
        ProfileSettingsModule,
        FavoritesModule,
        ProcurationsModule,
        ProcurationInvitesModule,
        AuditModule.forService({ role: PROFILE_WRITER, versions: API_VERSIONS }),
      ],
      providers: [{ provide: ProfileEnvironment, useValue: env }],
      exports: [ProfileEnvironment],
      // The environment is visible to every module.
      global: true,
    };
  }
}
