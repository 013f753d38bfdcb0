import { randomBytes } from 'node:crypto';

import { Client } from 'pg';

/** Set by the Jest global setup: the server tests create their databases on. */
export const TEST_ADMIN_URL_VARIABLE = 'PORTAL_TEST_ADMIN_URL';

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

const withAdmin = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
  const adminUrl = process.env[TEST_ADMIN_URL_VARIABLE];
  if (!adminUrl)
    throw new Error(`${TEST_ADMIN_URL_VARIABLE} is not set: run the tests through Jest's global setup.`);
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** Set by the Jest global setup: names the run's database templates, which its teardown drops. */
export const TEST_RUN_VARIABLE = 'PORTAL_TEST_RUN';

const TEMPLATE_PREFIX = 'portal_template_';

/** A label or key as part of a database name: lower case letters, digits and underscores. */
const namePart = (text: string): string => text.replace(/[^a-z0-9]/gi, '_').toLowerCase();

const databaseUrlOf = (name: string): string => {
  const url = new URL(process.env[TEST_ADMIN_URL_VARIABLE] as string);
  url.pathname = `/${name}`;
  return url.toString();
};

const dropDatabase = (client: Client, name: string): Promise<unknown> =>
  client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);

/**
 * A database of the suite's own, dropped at the end (guide: one per suite): empty, or a copy of
 * `template` (testDatabaseTemplate). An empty one is a copy too, of PostgreSQL's template1.
 */
export async function createTestDatabase(label: string, template?: string): Promise<TestDatabase> {
  const name = `test_${namePart(label)}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) =>
    client.query(
      `CREATE DATABASE ${client.escapeIdentifier(name)}${template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ''}`,
    ),
  );
  return {
    url: databaseUrlOf(name),
    drop: () => withAdmin((client) => dropDatabase(client, name)).then(() => undefined),
  };
}

/**
 * This run's template database `key`: made by `make` on an empty database the first time a suite
 * of the run asks for it, under a name of its own until made (a failed make leaves nothing to
 * copy). Suites side by side wait for the one making it (an advisory lock), then copy it.
 */
export async function testDatabaseTemplate(
  key: string,
  make: (databaseUrl: string) => Promise<void>,
): Promise<string> {
  const run = process.env[TEST_RUN_VARIABLE];
  if (!run) throw new Error(`${TEST_RUN_VARIABLE} is not set: run the tests through Jest's global setup.`);
  const name = `${TEMPLATE_PREFIX}${run}_${namePart(key)}`;
  return withAdmin(async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return name;
      const making = `${name}_making`;
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(making)}`);
      try {
        await make(databaseUrlOf(making));
      } catch (error) {
        await dropDatabase(client, making);
        throw error;
      }
      await client.query(
        `ALTER DATABASE ${client.escapeIdentifier(making)} RENAME TO ${client.escapeIdentifier(name)}`,
      );
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

/** The global teardown's: drops the run's templates. */
export async function dropTestDatabaseTemplates(run: string): Promise<void> {
  await withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [`${TEMPLATE_PREFIX}${run}_`],
    );
    for (const { datname } of rows) await dropDatabase(client, datname);
  });
}

/**
 * The Redis of tests that need one: TEST_REDIS_URL, else the machine's (CI's runs on 6379 too),
 * each Jest worker in a logical database of its own (1 to 15): suites running side by side use
 * the same tenant and callers, and would otherwise share rate counters, leases and queues (`--maxWorkers`).
 */
export const TEST_REDIS_URL =
  process.env['TEST_REDIS_URL'] ??
  `redis://127.0.0.1:6379/${1 + ((Number(process.env['JEST_WORKER_ID'] ?? 1) - 1) % 15)}`;
