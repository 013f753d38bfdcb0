import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';

import { databaseErrorTranslator } from '@portal/database';
import { createServiceApp, type ServiceDescription } from '@portal/service-runtime';

import { AppModule } from './app.module';
import { RENDER_DATA_MAX_ELEMENTS } from './engine/common/data-bounds';
import { registerPlayground } from './playground/playground';
import type { RenderTestSeams } from './render-core.module';
import { RENDER_ENV_DEFAULTS, type RenderEnvironment } from './render-environment';
import { RENDER_RATE_LIMIT_POLICY } from './render/render.controller';

export const RENDER_SERVICE: ServiceDescription = {
  name: 'render-service',
  defaultPort: Number(RENDER_ENV_DEFAULTS.PORT),
  title: 'Document rendering interface',
  description:
    'Renders data and a template into PDF, HTML or text, and keeps named, versioned templates. ' +
    'Served under /{tenant}/v10-0. Roles: RenderApi_Render renders, RenderApi_Templates manages templates.',
  version: '10.0',
  bodyLimitBytes: 10 * 1024 * 1024,
  bodyLimitElements: RENDER_DATA_MAX_ELEMENTS,
  apiVersions: ['v10-0'],
};

export function createRenderApp(context: {
  env: RenderEnvironment;
  databaseUrl: string;
  logger: Logger;
  /** Tests only: see RenderTestSeams. */
  seams?: RenderTestSeams;
}): Promise<NestFastifyApplication> {
  return createServiceApp({
    service: RENDER_SERVICE,
    module: AppModule.register(context.env, context.databaseUrl, context.seams),
    env: context.env,
    logger: context.logger,
    errorTranslators: [databaseErrorTranslator()],
    rateLimitPolicies: {
      [RENDER_RATE_LIMIT_POLICY]: {
        perMinute: context.env.RENDER_RATE_LIMIT_PER_MINUTE,
        burstPerSecond: context.env.RENDER_RATE_LIMIT_BURST,
      },
    },
    // The playground page, outside the tenant prefix like /docs; it calls the API under the prefix.
    configureFastify: context.env.playgroundEnabled
      ? (fastify) => registerPlayground(fastify, { apiBase: `/${context.env.TENANT}/v10-0` })
      : undefined,
  });
}
