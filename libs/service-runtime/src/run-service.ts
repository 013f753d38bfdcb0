import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';

import { connectDatabase } from '@portal/database';
import { InvalidEnvironmentError, loadEnv } from '@portal/env';
import { createLogger, PinoNestLogger } from '@portal/http-context';

import type { ServiceEnvironment } from './service-environment';

export interface ServiceDefinition<E extends ServiceEnvironment> {
  readonly name: string;
  readonly environment: new () => E;
  /** Defaults applied as if set in the environment (PORT, EMBEDDED_DATABASE_DIR, ...). */
  readonly defaults: Record<string, string>;
  /** Name of the service's database on the embedded server. */
  readonly databaseName: string;
  /** The base path printed at start-up, below the tenant: `v10-0`. */
  readonly basePath: string;
  createApp(context: { env: E; databaseUrl: string; logger: Logger }): Promise<NestFastifyApplication>;
}

/** The main() of every service: environment, database, app, migrations, listen, shutdown. */
export async function runService<E extends ServiceEnvironment>(
  definition: ServiceDefinition<E>,
): Promise<void> {
  let env: E;
  try {
    env = loadEnv(definition.environment, process.env, definition.defaults);
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error;
    process.stderr.write(`${definition.name}: ${error.message}\n`);
    process.exit(1);
  }

  const logger = createLogger(definition.name, env.LOG_LEVEL);
  const nestLogger = new PinoNestLogger(logger);
  const database = await connectDatabase({
    databaseUrl: env.DATABASE_URL,
    embeddedDataDir: env.EMBEDDED_DATABASE_DIR,
    databaseName: definition.databaseName,
    logger: nestLogger,
  });

  const app = await definition.createApp({ env, databaseUrl: database.url, logger });
  await app.listen({ port: env.PORT, host: env.HOST });
  const baseUrl = `http://localhost:${env.PORT}`;
  logger.info({
    msg: `${definition.name} listening`,
    baseUrl: `${baseUrl}/${env.TENANT}/${definition.basePath}`,
    docs: `${baseUrl}/docs`,
  });

  const shutdown = async (signal: string): Promise<void> => {
    logger.info({ msg: `${definition.name} shutting down`, signal });
    await app.close();
    await database.embedded?.stop();
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}
