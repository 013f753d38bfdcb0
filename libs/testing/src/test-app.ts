import { readFileSync, writeFileSync } from 'node:fs';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LevelWithSilent, Logger } from 'pino';

import { loadEnv } from '@portal/env';
import { createLogger } from '@portal/http-context';
import type { ServiceEnvironment } from '@portal/service-runtime';

import { createTestDatabase, type TestDatabase, testDatabaseTemplate } from './test-database';
import { testLogDestination } from './test-logs';

/**
 * Suites send thousands of requests with one token: limits they never reach. The rate limit suites
 * set the real ones through `env`.
 */
export const UNLIMITED_RATES: Readonly<Record<string, string>> = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_BURST: '100000000',
  RENDER_RATE_LIMIT_PER_MINUTE: '100000000',
  RENDER_RATE_LIMIT_BURST: '100000000',
};

/** A test service's logger: into the run's log file (scanned for personal data), else as asked. */
export function testLogger(label: string, level: LevelWithSilent): Logger {
  const { level: effective, destination } = testLogDestination(level);
  return createLogger(label, effective, destination);
}

export interface RunningTestApp<E extends ServiceEnvironment> {
  readonly app: NestFastifyApplication;
  readonly baseUrl: string;
  readonly env: E;
  readonly database: TestDatabase;
  close(): Promise<void>;
}

const TEST_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...UNLIMITED_RATES };

/**
 * What a suite's database is copied from when its service will run its migrations on start: one
 * on which the service started once in this run with no demo data (its migrations applied on an
 * empty database, as on a first `npm start`, and nothing else). Its copy is made as fast as an
 * empty database, and the suite's start has no migration left to run (0.6 s of a 0.9 s start).
 */
function schemaTemplate<E extends ServiceEnvironment>(
  options: Parameters<typeof startTestApp<E>>[0],
): Promise<string> {
  return testDatabaseTemplate(options.environment.name, async (databaseUrl) => {
    // No demo data (profile's demo profiles follow it outside development).
    const env = loadEnv(options.environment, { ...TEST_ENV, SEED_DEMO_DATA: 'never' }, options.defaults);
    const app = await options.createApp({
      env,
      databaseUrl,
      logger: testLogger('schema_template', env.LOG_LEVEL),
    });
    await app.close();
  });
}

/**
 * Starts a service as `npm start` would, on a database of the suite's own and a free port, with
 * the same pipes, guards and filters; only the environment is the test's.
 */
export async function startTestApp<E extends ServiceEnvironment>(options: {
  label: string;
  environment: new () => E;
  defaults: Record<string, string>;
  env?: Record<string, string>;
  /** A database another start made (a restart on the same data): used as is, and not dropped on close. */
  database?: TestDatabase;
  /** The URL the service connects with, from its database's own (through a TcpProxy, say). */
  connectVia?(databaseUrl: string): string;
  /** Receives the app's log instead of the silent default, for tests of what is logged. */
  logger?: Logger;
  createApp(context: { env: E; databaseUrl: string; logger: Logger }): Promise<NestFastifyApplication>;
}): Promise<RunningTestApp<E>> {
  const env = loadEnv(options.environment, { ...TEST_ENV, ...options.env }, options.defaults);
  const database =
    options.database ??
    (await createTestDatabase(options.label, env.MIGRATIONS_RUN ? await schemaTemplate(options) : undefined));
  const app = await options.createApp({
    env,
    databaseUrl: options.connectVia ? options.connectVia(database.url) : database.url,
    logger: options.logger ?? testLogger(options.label, env.LOG_LEVEL),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    env,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}

/**
 * The committed OpenAPI document must equal the one the code generates. `UPDATE_OPENAPI=1`
 * (`npm run openapi`) rewrites it instead.
 */
export function expectOpenApiCommitted(generated: unknown, file: string): void {
  const text = `${JSON.stringify(generated, null, 2)}\n`;
  if (process.env['UPDATE_OPENAPI'] === '1') {
    writeFileSync(file, text);
    return;
  }
  let committed: string;
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing: run \`npm run openapi\` and commit it.`);
  }
  if (committed !== text) {
    throw new Error(
      `${file} is stale: the code's OpenAPI document changed. Run \`npm run openapi\` and commit it.`,
    );
  }
}
