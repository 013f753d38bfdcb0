import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';

import { connectDatabase, type DatabaseConnection, EmbeddedDatabaseError } from '@portal/database';
import { InvalidEnvironmentError, loadEnv } from '@portal/env';
import { createLogger, PinoNestLogger } from '@portal/http-context';
import { stopTracing } from '@portal/tracing';

import { shutDownGracefully } from './graceful-shutdown';
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
  let database: DatabaseConnection | undefined;
  let app: NestFastifyApplication | undefined;
  try {
    database = await connectDatabase({
      databaseUrl: env.DATABASE_URL,
      embeddedDataDir: env.EMBEDDED_DATABASE_DIR,
      databaseName: definition.databaseName,
      logger: nestLogger,
    });
    app = await definition.createApp({ env, databaseUrl: database.url, logger });
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    // One line that says what to do, never a stack trace (the log has the details at debug level).
    logger.debug({ msg: 'start-up failed', err: error instanceof Error ? error.stack : error });
    process.stderr.write(`${definition.name}: ${startupFailure(error, env)}\n`);
    await app?.close().catch(() => undefined);
    await database?.embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
  const baseUrl = `http://localhost:${env.PORT}`;
  logger.info({
    msg: `${definition.name} listening`,
    baseUrl: `${baseUrl}/${env.TENANT}/${definition.basePath}`,
    docs: `${baseUrl}/docs`,
  });

  const shutdown = async (signal: string): Promise<void> => {
    logger.info({ msg: `${definition.name} stopping`, signal, graceMs: env.SHUTDOWN_GRACE_MS });
    const report = await shutDownGracefully(app, env.SHUTDOWN_GRACE_MS);
    // The last line: what the stop had to cut (cutShort), 0 in the normal case.
    logger.info({ msg: `${definition.name} stopped`, ...report });
    // The spans of the last requests leave before the process does.
    await stopTracing();
    await database.embedded?.stop();
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

/** What went wrong at start-up and what to do, in one line. */
export function startupFailure(error: unknown, env: ServiceEnvironment): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'EADDRINUSE')
    return `port ${env.PORT} is already in use: stop what listens there, or choose another port (PORT; with npm start, PORT_BASE or the service's own *_PORT).`;
  if (code === 'EACCES' && message?.includes('listen'))
    return `port ${env.PORT} needs privileges this user does not have: choose a port above 1023 (PORT).`;
  if (error instanceof EmbeddedDatabaseError)
    return `the embedded PostgreSQL did not start (${error.message}). Set DATABASE_URL to use a PostgreSQL server instead.`;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000')
    return `cannot reach the database at DATABASE_URL (${message ?? code}): check the URL and that the server accepts connections.`;
  return `failed to start: ${message ?? String(error)}`;
}
