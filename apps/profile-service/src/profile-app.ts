import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';

import { databaseErrorTranslator } from '@portal/database';
import { createServiceApp, seedDemoDataAtStart, type ServiceDescription } from '@portal/service-runtime';

import { AppModule } from './app.module';
import { PROFILE_VERSION_EXAMPLES } from './common/version-examples';
import { PROFILE_CONSTRAINT_PATHS } from './database-constraints';
import { demoCatalogue } from './demo-data/demo-catalogue.seeder';
import { demoProfiles } from './demo-data/demo-profiles.seeder';
import { ProcurationsService } from './procurations/procurations.service';
import { RoleAssignments } from './service-reach/role-assignments.service';
import { PROFILE_ENV_DEFAULTS, type ProfileEnvironment } from './profile-environment';

export const PROFILE_SERVICE: ServiceDescription = {
  name: 'profile-service',
  versionExamples: PROFILE_VERSION_EXAMPLES,
  defaultPort: Number(PROFILE_ENV_DEFAULTS.PORT),
  title: 'Profile interface',
  description:
    'Person and organization profiles, accounts, identities, reference data, roles, services, settings, favorites ' +
    'and procurations. Served under /{tenant}/v10-0 and /{tenant}/v9-1; every response is projected by the ' +
    "caller's access level (ProfileApi_Low, ProfileApi_Medium, ProfileApi_Max).",
  version: '10.0',
  bodyLimitBytes: 1024 * 1024,
  // The largest body (a profile with its signatories, an invite's services) holds a few hundred.
  bodyLimitElements: 10_000,
  apiVersions: ['v10-0', 'v9-1'],
};

export async function createProfileApp(context: {
  env: ProfileEnvironment;
  databaseUrl: string;
  logger: Logger;
}): Promise<NestFastifyApplication> {
  const app = await createServiceApp({
    service: PROFILE_SERVICE,
    module: AppModule.register(context.env, context.databaseUrl),
    env: context.env,
    logger: context.logger,
    errorTranslators: [databaseErrorTranslator(PROFILE_CONSTRAINT_PATHS)],
  });
  // After the migrations, so that a newcomer's first start has a catalogue to explore.
  await seedDemoDataAtStart(
    app,
    demoCatalogue(app.get(RoleAssignments)),
    context.env.demoDataMode,
    context.logger,
  );
  // Development only (demoProfilesMode): persons, an organization, a procuration and an invite.
  await seedDemoDataAtStart(
    app,
    demoProfiles(app.get(RoleAssignments), app.get(ProcurationsService)),
    context.env.demoProfilesMode,
    context.logger,
  );
  return app;
}
