import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';

import { AUDIT_TAG } from '@portal/audit';
import { databaseErrorTranslator } from '@portal/database';
import { createServiceApp, seedDemoDataAtStart, type ServiceDescription } from '@portal/service-runtime';

import { AppModule } from './app.module';
import { CONFIG_ENV_DEFAULTS, type ConfigEnvironment } from './config-environment';
import { DEMO_UI_TEMPLATE_DATA } from './ui-templates/demo/demo-ui-templates.seeder';
import { SENDER_IDENTIFIER_UNIQUE } from './ui-templates/ui-template-sender-identifier.entity';
import { UI_TEMPLATE_NAME_LENGTH } from './ui-templates/ui-template-rules';
import { UI_TEMPLATE_NAME_UNIQUE } from './ui-templates/ui-template.entity';
import { PUBLIC_BRANDING_TAG } from './ui-templates/ui-template-branding.openapi';
import { CONFIG_VERSION_EXAMPLES } from './ui-templates/ui-template.examples';
import { UI_TEMPLATE_TAGS } from './ui-templates/ui-templates.openapi';

export const CONFIG_SERVICE: ServiceDescription = {
  name: 'config-service',
  versionExamples: CONFIG_VERSION_EXAMPLES,
  defaultPort: Number(CONFIG_ENV_DEFAULTS.PORT),
  title: 'Configuration interface',
  description:
    'UI branding templates: colour palette, logos, footer links, social networks and sender identifiers. ' +
    'Served under /{tenant}/v10-0 and /{tenant}/v9-1. Roles: ConfigApi_Read reads, ConfigApi_Write reads and writes.',
  version: '10.0',
  bodyLimitBytes: 1024 * 1024,
  // A template holds a few dozen values, and at most as many sender identifiers as this allows.
  bodyLimitElements: 10_000,
  apiVersions: ['v10-0', 'v9-1'],
  tags: [...UI_TEMPLATE_TAGS, PUBLIC_BRANDING_TAG, AUDIT_TAG],
  // A template name is up to 100 characters (code points): up to 200 UTF-16 code units.
  maxPathParameterLength: 2 * UI_TEMPLATE_NAME_LENGTH.max,
};

export async function createConfigApp(context: {
  env: ConfigEnvironment;
  databaseUrl: string;
  logger: Logger;
}): Promise<NestFastifyApplication> {
  const app = await createServiceApp({
    service: CONFIG_SERVICE,
    module: AppModule.register(context.env, context.databaseUrl),
    env: context.env,
    logger: context.logger,
    errorTranslators: [
      databaseErrorTranslator({
        [UI_TEMPLATE_NAME_UNIQUE]: 'name',
        [SENDER_IDENTIFIER_UNIQUE]: 'senderIdentifiers',
      }),
    ],
  });
  // After the migrations, so that a newcomer's first list is not empty.
  await seedDemoDataAtStart(app, DEMO_UI_TEMPLATE_DATA, context.env.demoDataMode, context.logger);
  return app;
}
