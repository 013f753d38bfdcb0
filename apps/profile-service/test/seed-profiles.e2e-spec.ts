import { Client } from 'pg';

import { PASSWORD_HASH_OPTIONS } from '../src/profiles/password-hasher';
import { type ProfileService, startProfileService } from './support/profile-test-app';

// The seed of `npm run seed:profiles` and `npm run bench:profiles`, plain JavaScript under tools/.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { seedProfiles, BUSY_REPRESENTATIVE_PRINCIPALS } = require('../../../tools/seed/profile-seed') as {
  seedProfiles: (
    client: Client,
    options: { count: number; hashOptions: object; replace?: boolean; citizenRoleName?: string },
  ) => Promise<{ count: number }>;
  BUSY_REPRESENTATIVE_PRINCIPALS: number;
};

const COUNT = 2000;

/** The profile seed at a small count: a data set the database's own rules and the list agree with. */
describe('profile seed (tools/seed/profile-seed.js, real PostgreSQL)', () => {
  let service: ProfileService;
  let client: Client;
  const one = async <T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T> =>
    (await client.query(sql, values)).rows[0] as T;

  beforeAll(async () => {
    // The demo catalogue: identity providers, categories with roles, services, settings.
    service = await startProfileService('seed_profiles', { SEED_DEMO_DATA: 'always' });
    client = new Client({ connectionString: service.database.url });
    await client.connect();
    await seedProfiles(client, { count: COUNT, hashOptions: PASSWORD_HASH_OPTIONS });
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await service?.close();
  });

  it('writes the count, a tenth of them organizations, and keeps the counter table exact', async () => {
    const counted = await one(`SELECT count(*) FILTER (WHERE person_id IS NOT NULL)::int AS persons,
      count(*) FILTER (WHERE organization_id IS NOT NULL)::int AS organizations FROM profile`);
    expect(counted).toEqual({ persons: COUNT * 0.9, organizations: COUNT * 0.1 });
    const { rows } = await client.query(
      `SELECT kind, sum(total)::int AS total FROM profile_count GROUP BY kind ORDER BY kind`,
    );
    expect(rows).toEqual([
      { kind: 'Organization', total: COUNT * 0.1 },
      { kind: 'Person', total: COUNT * 0.9 },
    ]);
    expect(
      await one(`SELECT (SELECT count(*) FROM person)::int AS persons, (SELECT count(*) FROM account)::int AS accounts,
        (SELECT count(*) FROM organization)::int AS organizations,
        (SELECT count(DISTINCT organization_id) FROM signatory)::int AS signed`),
    ).toEqual({
      persons: COUNT * 0.9,
      accounts: COUNT * 0.9,
      organizations: COUNT * 0.1,
      signed: COUNT * 0.1,
    });
  });

  it('writes the search text the triggers would, unique e-mails and usernames, 4-digit zip codes', async () => {
    // What the migration's trigger writes, asked of the trigger itself (an update of search_text
    // recomputes it), in a transaction rolled back so the seeded values stay.
    await client.query('BEGIN');
    try {
      await client.query(
        `CREATE TEMP TABLE seeded ON COMMIT DROP AS
           SELECT id, search_text, email_local_search, email_domain_search, city_search, zip_code_search, firstname_search, lastname_search
             FROM profile`,
      );
      await client.query(`CREATE TEMP TABLE seeded_values ON COMMIT DROP AS SELECT * FROM search_value`);
      await client.query(`UPDATE profile SET search_text = ''`);
      expect(
        await one(`SELECT count(*)::int AS stale FROM profile p JOIN seeded s ON s.id = p.id
                    WHERE (p.search_text, p.email_local_search, p.email_domain_search, p.city_search, p.zip_code_search, p.firstname_search, p.lastname_search)
                          IS DISTINCT FROM (s.search_text, s.email_local_search, s.email_domain_search, s.city_search, s.zip_code_search,
                                            s.firstname_search, s.lastname_search)`),
      ).toEqual({ stale: 0 });
      // The seed's distinct values are those the trigger adds: none missing, none more.
      expect(
        await one(`SELECT count(*)::int AS differing FROM
                     ((TABLE search_value EXCEPT TABLE seeded_values) UNION ALL (TABLE seeded_values EXCEPT TABLE search_value)) d`),
      ).toEqual({ differing: 0 });
      expect(
        await one(`SELECT count(*)::int > 10 AS names FROM seeded_values WHERE kind = 'lastname'`),
      ).toEqual({
        names: true,
      });
    } finally {
      await client.query('ROLLBACK');
    }
    // The trigger is back on: renaming a person rewrites the search text, its profile's copy of the
    // folded name and the distinct values.
    const { id } = await one<{ id: number }>(`SELECT id FROM person ORDER BY id LIMIT 1`);
    await client.query(`UPDATE person SET lastname = 'Seedtestnäme' WHERE id = $1`, [id]);
    expect(
      await one(
        `SELECT search_text LIKE '%seedtestname%' AS renamed, lastname_search AS folded,
                EXISTS (SELECT 1 FROM search_value WHERE kind = 'lastname' AND folded = p.lastname_search) AS listed
           FROM profile p WHERE person_id = $1`,
        [id],
      ),
    ).toEqual({ renamed: true, folded: 'seedtestname\x1fseedtestnaeme', listed: true });
    expect(
      await one(`SELECT count(DISTINCT lower(email))::int AS emails, count(*) FILTER (WHERE zip_code !~ '^[0-9]{4}$')::int AS odd_zips
        FROM profile`),
    ).toEqual({ emails: COUNT, odd_zips: 0 });
    expect(await one(`SELECT count(DISTINCT lower(username))::int AS usernames FROM account`)).toEqual({
      usernames: COUNT * 0.9,
    });
  });

  it('gives persons the citizen role and identities at two providers, organizations their category roles', async () => {
    expect(
      await one(`SELECT count(*)::int AS without FROM profile p WHERE p.person_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM profile_role pr JOIN role r ON r.id = pr.role_id
                         WHERE pr.profile_id = p.id AND r.name = 'Citizen' AND pr.source = 'Direct')`),
    ).toEqual({ without: 0 });
    expect(
      await one(`SELECT count(*)::int AS missing FROM profile p JOIN organization o ON o.id = p.organization_id
        JOIN org_category_role ocr ON ocr.org_category_id = o.org_category_id
        WHERE NOT EXISTS (SELECT 1 FROM profile_role pr WHERE pr.profile_id = p.id AND pr.role_id = ocr.role_id
                           AND pr.source = 'OrgCategory')`),
    ).toEqual({ missing: 0 });
    const providers = await one<{ providers: number }>(
      `SELECT count(DISTINCT identity_provider_id)::int AS providers FROM identity`,
    );
    expect(providers.providers).toBe(2);
  });

  it('has one busy representative and an Owner procuration per organization with the services it reaches', async () => {
    expect(
      await one(`SELECT count(*)::int AS inbound FROM procuration WHERE representative_profile_id = 1`),
    ).toEqual({ inbound: BUSY_REPRESENTATIVE_PRINCIPALS });
    expect(
      await one(
        `SELECT count(*)::int AS owners FROM procuration WHERE person_in_organization_function = 'Owner'`,
      ),
    ).toEqual({ owners: COUNT * 0.1 });
    const agreed = await one<{ agreed: number }>(
      `SELECT count(*)::int AS agreed FROM procuration_service ps JOIN procuration p ON p.id = ps.procuration_id
        WHERE p.representative_profile_id = 1`,
    );
    expect(agreed.agreed).toBeGreaterThanOrEqual(BUSY_REPRESENTATIVE_PRINCIPALS);
  });

  it('leaves the indexes of the migrations and sequences past the loaded ids: the API lists and creates', async () => {
    expect(
      await one(`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'ix_profile_search_text'`),
    ).toEqual({ n: 1 });
    const page = await service.max.get('/demo/v10-0/profiles?Keyword=bluewin&PageSize=5');
    expect(page.status).toBe(200);
    const created = await service.max.post<{ id: number }>('/demo/v10-0/profiles', {
      email: 'after.seed@example.ch',
      zipCode: '8001',
      person: {
        firstname: 'After',
        lastname: 'Seed',
        account: { username: 'after.seed', password: 'Velo-Fahrt-2026!' },
      },
      createdBy: 'seed-test',
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(COUNT + 1);
    expect(await one(`SELECT sum(total)::int AS total FROM profile_count`)).toEqual({ total: COUNT + 1 });
  });

  it('keeps the total exact while creates and deletes on several connections update their own counter slots', async () => {
    const bodies = Array.from({ length: 6 }, (_, index) => ({
      email: `parallel.${index}@example.ch`,
      zipCode: '3011',
      person: { firstname: 'Parallel', lastname: `Nr${index}`, account: { username: `parallel.${index}` } },
      createdBy: 'seed-test',
    }));
    const created = await Promise.all(
      bodies.map((body) => service.max.post<{ id: number }>('/demo/v10-0/profiles', body)),
    );
    expect(created.map((response) => response.status)).toEqual(bodies.map(() => 201));
    const deleted = await Promise.all(
      created.slice(0, 2).map((response) => service.max.delete(`/demo/v10-0/profiles/${response.body.id}`)),
    );
    expect(deleted.map((response) => response.status)).toEqual([204, 204]);
    const expected = await one<{ total: number }>(`SELECT count(*)::int AS total FROM profile`);
    expect(await one(`SELECT sum(total)::int AS total FROM profile_count`)).toEqual(expected);
    const head = await service.max.head('/demo/v10-0/profiles');
    expect(Number(head.headers.get('x-pagination-total-count'))).toBe(expected.total);
  });

  it('refuses to load into a database that holds profiles unless told to replace them', async () => {
    await expect(seedProfiles(client, { count: 10, hashOptions: PASSWORD_HASH_OPTIONS })).rejects.toThrow(
      /holds profiles already/,
    );
  });
});
