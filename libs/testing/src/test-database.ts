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

/** A database of the suite's own, created empty and dropped at the end (guide: one per suite). */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `test_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const url = new URL(process.env[TEST_ADMIN_URL_VARIABLE] as string);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin((client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

/**
 * The Redis of tests that need one: TEST_REDIS_URL, else the machine's (CI's runs on 6379 too),
 * each Jest worker in a logical database of its own (1 to 15): suites running side by side use
 * the same tenant and callers, and would otherwise share rate counters, leases and queues (`--maxWorkers`).
 */
export const TEST_REDIS_URL =
  process.env['TEST_REDIS_URL'] ??
  `redis://127.0.0.1:6379/${1 + ((Number(process.env['JEST_WORKER_ID'] ?? 1) - 1) % 15)}`;
