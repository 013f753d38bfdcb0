import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { DataSource, type DataSourceOptions } from 'typeorm';

import {
  connectDatabase,
  type DatabaseConnection,
  EmbeddedDatabaseError,
  runPendingMigrations,
} from '@portal/database';
import { InvalidEnvironmentError, loadEnv } from '@portal/env';
import { createLogger, PinoNestLogger } from '@portal/http-context';
import { stopTracing } from '@portal/tracing';

import { shutDownGracefully } from './graceful-shutdown';
import { MigrationEnvironment } from './migration-environment';
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
  /** The service's database (entities, migrations), for `main.js migrate`. */
  dataSourceOptions(databaseUrl: string): DataSourceOptions;
}

/** The argument of `node main.js migrate`: apply the pending migrations, then exit. */
export const MIGRATE_COMMAND = 'migrate';

/**
 * The main() of every service: environment, database, app, migrations, listen, shutdown; or, run
 * as `main.js migrate` (the migration Job of deploy/), the pending migrations alone.
 */
export async function runService<E extends ServiceEnvironment>(
  definition: ServiceDefinition<E>,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  if (argv[0] === MIGRATE_COMMAND) return migrateService(definition);
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

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    // Ctrl-C under `npm start` reaches the service twice: SIGINT from the terminal, SIGTERM from start-all.
    if (stopping) return;
    stopping = true;
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

/**
 * Applies the service's pending migrations under the advisory lock the service's own start-up
 * takes (MIGRATIONS_RUN), then exits: 0 when the schema is current, 1 with one line otherwise.
 */
async function migrateService<E extends ServiceEnvironment>(definition: ServiceDefinition<E>): Promise<void> {
  let env: MigrationEnvironment;
  try {
    env = loadEnv(MigrationEnvironment, process.env, {
      EMBEDDED_DATABASE_DIR: definition.defaults['EMBEDDED_DATABASE_DIR'] ?? '',
    });
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error;
    process.stderr.write(`${definition.name} migrate: ${error.message}\n`);
    process.exit(1);
  }
  const logger = createLogger(definition.name, env.LOG_LEVEL);
  const nestLogger = new PinoNestLogger(logger);
  let database: DatabaseConnection | undefined;
  let failure: unknown;
  try {
    database = await connectDatabase({
      databaseUrl: env.DATABASE_URL,
      embeddedDataDir: env.EMBEDDED_DATABASE_DIR,
      databaseName: definition.databaseName,
      logger: nestLogger,
    });
    const dataSource = new DataSource(definition.dataSourceOptions(database.url));
    await runPendingMigrations(dataSource, `${definition.name}:migrations`, nestLogger);
    logger.info({ msg: `${definition.name} migrations applied` });
  } catch (error) {
    failure = error;
    logger.debug({ msg: 'migrations failed', err: error instanceof Error ? error.stack : error });
    process.stderr.write(`${definition.name} migrate: ${migrationFailure(error)}\n`);
  }
  await database?.embedded?.stop().catch(() => undefined);
  process.exit(failure === undefined ? 0 : 1);
}

/** Why the migrations did not apply, in one line. */
export function migrationFailure(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000')
    return `cannot reach the database at DATABASE_URL (${message ?? code}): check the URL and that the server accepts connections.`;
  // 42501 insufficient_privilege: the migration user must own the schema (deploy/README.md).
  if (code === '42501')
    return `the DATABASE_URL user may not change the schema (${message ?? code}): migrate as the schema owner (deploy/README.md, "Database users").`;
  return `migrations failed: ${message ?? String(error)}`;
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
