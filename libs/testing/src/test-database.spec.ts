import { randomBytes } from 'node:crypto';

import { Client } from 'pg';

import {
  createTestDatabase,
  dropTestDatabaseTemplates,
  TEST_ADMIN_URL_VARIABLE,
  TEST_RUN_VARIABLE,
  testDatabaseTemplate,
} from './test-database';

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const adminUrl = (): string => process.env[TEST_ADMIN_URL_VARIABLE] as string;

async function databasesStartingWith(prefix: string): Promise<string[]> {
  const rows = await query<{ datname: string }>(
    adminUrl(),
    'SELECT datname FROM pg_database ORDER BY datname',
  );
  return rows.map((row) => row.datname).filter((name) => name.startsWith(prefix));
}

describe('test database templates (real PostgreSQL)', () => {
  // A run of its own, so that the run's real templates (the services' schemas) stay untouched.
  const realRun = process.env[TEST_RUN_VARIABLE];
  const run = `spec${randomBytes(3).toString('hex')}`;
  const prefix = `portal_template_${run}_`;

  beforeEach(() => {
    process.env[TEST_RUN_VARIABLE] = run;
  });

  afterEach(async () => {
    await dropTestDatabaseTemplates(run);
    process.env[TEST_RUN_VARIABLE] = realRun;
  });

  it('is made once for suites that ask at the same time, and each copy holds what was made', async () => {
    let makes = 0;
    const make = async (url: string): Promise<void> => {
      makes += 1;
      await query(url, 'CREATE TABLE made (id int); INSERT INTO made VALUES (1), (2)');
    };
    const names = await Promise.all([
      testDatabaseTemplate('Schema', make),
      testDatabaseTemplate('Schema', make),
      testDatabaseTemplate('Schema', make),
    ]);
    expect(makes).toBe(1);
    expect(new Set(names)).toEqual(new Set([`${prefix}schema`]));
    const copy = await createTestDatabase('template_copy', names[0]);
    try {
      expect(await query(copy.url, 'SELECT count(*)::int AS n FROM made')).toEqual([{ n: 2 }]);
    } finally {
      await copy.drop();
    }
  });

  it('leaves nothing to copy when its making fails, and is made again by the next suite', async () => {
    await expect(
      testDatabaseTemplate('Broken', async (url) => {
        await query(url, 'CREATE TABLE half (id int)');
        throw new Error('migration failed');
      }),
    ).rejects.toThrow('migration failed');
    expect(await databasesStartingWith(prefix)).toEqual([]);
    const name = await testDatabaseTemplate('Broken', (url) =>
      query(url, 'CREATE TABLE whole (id int)').then(() => undefined),
    );
    expect(await databasesStartingWith(prefix)).toEqual([name]);
  });

  it("drops the run's templates at the end, and only that run's", async () => {
    const mine = await testDatabaseTemplate('Dropped', () => Promise.resolve());
    expect(await databasesStartingWith(prefix)).toEqual([mine]);
    await dropTestDatabaseTemplates(`${run}x`);
    expect(await databasesStartingWith(prefix)).toEqual([mine]);
    await dropTestDatabaseTemplates(run);
    expect(await databasesStartingWith(prefix)).toEqual([]);
  });
});
