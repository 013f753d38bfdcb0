/**
 * Times the same work at two sizes: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import { Client } from 'pg';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';

import { PASSWORD_HASH_OPTIONS } from '../src/profiles/password-hasher';
import { STREAM_BATCH_SIZE } from '../src/profiles/profiles.service';
import { type ProfileService, startProfileService, V10 } from './support/profile-test-app';

// The seed of `npm run seed:profiles`: profile 1 represents 1,000 principals (seed-profiles.e2e-spec.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { seedProfiles } = require('../../../tools/seed/profile-seed') as {
  seedProfiles: (client: Client, options: { count: number; hashOptions: object }) => Promise<unknown>;
};

type Json = Record<string, any>;

/** Services added to the demo catalogue, each granted to the citizen role and offered by a client. */
const ADDED_SERVICES = 1200;

interface Statement {
  readonly sql: string;
  readonly parameters: number;
}

/**
 * The statements the service sends while `work` runs, and how many parameters each binds: the
 * cost of a list must not grow into one statement per item, nor one parameter per item
 * (PostgreSQL binds at most 65,535). The service runs in this process, so its query runner is
 * this one's.
 */
async function statementsOf(work: () => Promise<unknown>): Promise<Statement[]> {
  const query = jest.spyOn(PostgresQueryRunner.prototype, 'query');
  try {
    await work();
    return query.mock.calls.map(([sql, parameters]) => ({ sql, parameters: parameters?.length ?? 0 }));
  } finally {
    query.mockRestore();
  }
}

const mostParameters = (statements: readonly Statement[]): number =>
  Math.max(0, ...statements.map((statement) => statement.parameters));

/**
 * Contract 5: every check and every read is linear in its input, lists of ids included. A page of
 * thousands of items (`PageSize=-1`) and its expansions are a fixed number of statements, each
 * with its ids as one array parameter; an id list past its bound is a 400, never a 500.
 */
describe('profile-service reads long lists in a fixed number of statements (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let client: Client;
  /** An organization with an Owner procuration to the person before it (the seed's). */
  let organization: number;
  let citizenServices: number;

  beforeAll(async () => {
    service = await startProfileService('profile_linear_checks', { SEED_DEMO_DATA: 'always' });
    client = new Client({ connectionString: service.database.url });
    await client.connect();
    await seedProfiles(client, { count: 1200, hashOptions: PASSWORD_HASH_OPTIONS });
    // Copies of a citizen service: procuration-available, granted to the citizen role and to the
    // organization's roles, offered by a client, with a survey; the organization's Owner
    // procuration holds them all.
    organization = (await client.query('SELECT min(id) AS id FROM profile WHERE organization_id IS NOT NULL'))
      .rows[0].id as number;
    const columns = (
      await client.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
          WHERE table_name = 'service' AND column_name NOT IN ('id', 'name', 'external_id', 'is_procuration_available')`,
      )
    ).rows.map((row) => `"${row.name}"`);
    await client.query(
      `INSERT INTO service (name, external_id, is_procuration_available, ${columns.join(', ')})
       SELECT 'linear-' || copy, 'linear-' || copy, true, ${columns.map((column) => `s.${column}`).join(', ')}
         FROM generate_series(1, $1) AS copy,
              (SELECT * FROM service WHERE id = (SELECT min(service_id) FROM service_role)) s`,
      [ADDED_SERVICES],
    );
    await client.query(
      `INSERT INTO service_role (service_id, role_id, is_visible, created_by, create_stamp, updated_by, update_stamp)
       SELECT s.id, r.id, true, 'test', now(), 'test', now() FROM service s,
              (SELECT id FROM role WHERE lower(name) = 'citizen'
               UNION SELECT role_id FROM profile_role WHERE profile_id = $1) r
        WHERE s.name LIKE 'linear-%'`,
      [organization],
    );
    await client.query(
      `INSERT INTO service_client (service_id, client_id, created_by, create_stamp, updated_by, update_stamp)
       SELECT s.id, (SELECT min(id) FROM client), 'test', now(), 'test', now() FROM service s
        WHERE s.name LIKE 'linear-%'`,
    );
    const added = await service.max.post(
      `${V10}/profiles/${organization}/outbound-procurations/${organization - 1}/services`,
      {
        createdBy: 'test',
      },
    );
    expect(added.status).toBe(200);
    expect((added.body as Json[]).length).toBeGreaterThan(ADDED_SERVICES);
    citizenServices = (
      await client.query(
        `SELECT count(DISTINCT sr.service_id)::int AS count FROM service_role sr
           JOIN role r ON r.id = sr.role_id WHERE lower(r.name) = 'citizen'`,
      )
    ).rows[0].count as number;
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await service?.close();
  });

  it('lists every service a profile reaches with every expansion: one statement each, ids as one parameter', async () => {
    let response: { status: number; body: unknown } | undefined;
    const statements = await statementsOf(async () => {
      response = await service.max.get(
        `${V10}/profiles/1/services?PageSize=-1&Expand=ServiceClients,Survey,FavoriteService,ProfileRoles`,
      );
    });
    expect(response?.status).toBe(200);
    expect(response?.body as Json[]).toHaveLength(citizenServices);
    expect(citizenServices).toBeGreaterThan(ADDED_SERVICES);
    expect(statements.length).toBeLessThanOrEqual(10);
    expect(mostParameters(statements)).toBeLessThanOrEqual(10);
  });

  it('lists the services of a procuration with every expansion in as few, whatever their number', async () => {
    for (const path of [
      `${V10}/profiles/${organization}/outbound-procurations/${organization - 1}/services`,
      `${V10}/profiles/${organization - 1}/inbound-procurations/${organization}/services`,
    ]) {
      let response: { status: number; body: unknown } | undefined;
      const statements = await statementsOf(async () => {
        response = await service.max.get(
          `${path}?PageSize=-1&Expand=ServiceClients,Survey,FavoriteService,ProcurationService`,
        );
      });
      expect(response?.status).toBe(200);
      expect((response?.body as Json[]).length).toBeGreaterThan(ADDED_SERVICES);
      expect(statements.length).toBeLessThanOrEqual(12);
      expect(mostParameters(statements)).toBeLessThanOrEqual(10);
    }
  });

  it('lists 1,000 inbound procurations with their services, invites and principals in as few', async () => {
    let response: { status: number; body: unknown } | undefined;
    const statements = await statementsOf(async () => {
      response = await service.max.get(
        `${V10}/profiles/1/inbound-procurations?PageSize=-1&Expand=ProcurationServices,ProcurationInvite,PrincipalProfile_Person`,
      );
    });
    expect(response?.status).toBe(200);
    const procurations = response?.body as Json[];
    expect(procurations).toHaveLength(1000);
    expect(procurations.every((procuration) => procuration.procurationServices.length > 0)).toBe(true);
    // Streamed (PageSize=-1): the snapshot's set-up, its total and its end, then per batch of
    // STREAM_BATCH_SIZE the rows (principals and invites joined) and their services; never per item.
    const batches = Math.ceil(1000 / STREAM_BATCH_SIZE);
    expect(statements.length).toBeLessThanOrEqual(7 + 2 * batches);
    expect(mostParameters(statements)).toBeLessThanOrEqual(10);
  });

  it('filters the catalogue by 1,000 ids with one array parameter, and refuses 1,001 with a 400', async () => {
    const ids = Array.from({ length: 1000 }, (_, index) => index + 1);
    let response: { status: number; headers: Headers } | undefined;
    const statements = await statementsOf(async () => {
      response = await service.max.get(`${V10}/services?PageSize=1&Ids=${ids.join(',')}`);
    });
    expect(response?.status).toBe(200);
    expect(Number(response?.headers.get('x-pagination-total-count'))).toBe(1000);
    expect(mostParameters(statements)).toBeLessThanOrEqual(5);

    const refused = await service.max.get<Json>(`${V10}/services?Ids=${[...ids, 1001].join(',')}`);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['Ids']);
  });

  it('filters profiles by a validation perimeter of 100 entries with two array parameters', async () => {
    const perimeter = Array.from({ length: 99 }, (_, index) => `NONE${index}:*`).concat('*:*');
    let response: { status: number; headers: Headers } | undefined;
    const statements = await statementsOf(async () => {
      response = await service.max.get(
        `${V10}/profiles?PageSize=1&OrganizationValidationPerimeter=${perimeter.join(',')}`,
      );
    });
    expect(response?.status).toBe(200);
    const organizations = (await client.query('SELECT count(*)::int AS count FROM organization')).rows[0]
      .count;
    expect(Number(response?.headers.get('x-pagination-total-count'))).toBe(organizations);
    expect(mostParameters(statements)).toBeLessThanOrEqual(5);
  });
});
