import { DataSource } from 'typeorm';

import { testToken, waitUntil } from '@portal/testing';

import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10 } from './support/profile-test-app';
import { abandonStreams, openTransactions } from './support/streams';

type Json = Record<string, any>;

/** More than two batches of the stream (500 procurations each), the last one partial. */
const REPRESENTED = 1234;

/**
 * `PageSize=-1` on the procuration lists streams every procuration the filters keep from a
 * database cursor, in batches, as the profile list does: same order, filters, expansions,
 * projection and headers as a page, and the connection back when the client goes away.
 */
describe('profile-service procuration lists with PageSize=-1 streamed (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let dataSource: DataSource;
  let principal: number;
  let busyRepresentative: number;
  let representatives: number[];

  beforeAll(async () => {
    service = await startProfileService('procuration_stream');
    dataSource = service.app.get(DataSource);
    const fixtures = new Fixtures(dataSource);
    principal = (await fixtures.personProfile()).profileId;
    await fixtures.persons(REPRESENTED, 'rep-');
    representatives = (
      await dataSource.query<{ id: number }[]>(
        `SELECT p.id FROM profile p JOIN person pe ON pe.id = p.person_id
          WHERE pe.lastname LIKE 'Person rep-%' ORDER BY p.id`,
      )
    ).map((row) => row.id);
    // The principal gives one to each; the first representative also receives one from each of them.
    busyRepresentative = representatives[0];
    await dataSource.query(
      `INSERT INTO procuration (principal_profile_id, representative_profile_id, validity_start_stamp,
         validity_end_stamp, renewable_from_date, person_in_organization_function,
         created_by, create_stamp, updated_by, update_stamp)
       SELECT principal, representative, now(), now() + interval '365 days', now() + interval '335 days',
              CASE WHEN n % 2 = 0 THEN 'Owner' ELSE 'Collaborator' END, 'seed', now(), 'seed', now()
         FROM (SELECT $1::int AS principal, id AS representative, row_number() OVER (ORDER BY id) AS n
                 FROM unnest($2::int[]) AS id
               UNION ALL
               SELECT id, $3::int, row_number() OVER (ORDER BY id) FROM unnest($4::int[]) AS id) AS pairs`,
      [principal, representatives, busyRepresentative, representatives.slice(1)],
    );
  });

  afterAll(() => service?.close());

  const outbound = (query: string) =>
    `${V10}/profiles/${principal}/outbound-procurations?PageSize=-1&${query}`;
  const inbound = (query: string) =>
    `${V10}/profiles/${busyRepresentative}/inbound-procurations?PageSize=-1&${query}`;

  it('streams every outbound procuration, in id order, with the headers of one page', async () => {
    const response = await service.max.get<Json[]>(outbound(''));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    // Written while it is read: no length known up front (a page held whole has one).
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.body.map((procuration) => procuration.representativeProfileId)).toEqual(representatives);
    expect(response.headers.get('x-pagination-total-count')).toBe(String(REPRESENTED));
    expect(response.headers.get('x-pagination-total-pages')).toBe('1');
    expect(response.body[0]).toMatchObject({
      principalProfileId: principal,
      isUsable: true,
      isRenewable: false,
    });
  });

  it('streams the inbound procurations of a busy representative with filters, order and expansions', async () => {
    const response = await service.max.get<Json[]>(inbound('OrderBy=id desc&Expand=PrincipalProfile_Person'));
    expect(response.status).toBe(200);
    // One from each other representative, and the principal's.
    expect(response.body).toHaveLength(REPRESENTED);
    const ids = response.body.map((procuration) => procuration.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(response.body[0].principalProfile.person.lastname).toBe(`Person rep-0${REPRESENTED}`);
    const owners = await service.max.get<Json[]>(outbound('IsOrgOwner=true'));
    expect(owners.body).toHaveLength(REPRESENTED / 2);
    expect(owners.headers.get('x-pagination-total-count')).toBe(String(REPRESENTED / 2));
  });

  it('projects each batch at the caller level, as a page is', async () => {
    const [streamed, paged] = await Promise.all([
      service.low.get<Json[]>(outbound('Expand=RepresentativeProfile')),
      service.low.get<Json[]>(
        `${V10}/profiles/${principal}/outbound-procurations?PageSize=3&Expand=RepresentativeProfile`,
      ),
    ]);
    expect(streamed.status).toBe(200);
    expect(streamed.body.slice(0, 3)).toEqual(paged.body);
    expect(streamed.body).toHaveLength(REPRESENTED);
  });

  it('answers an empty array when the filters keep nothing, and 404 for an unknown profile', async () => {
    const none = await service.max.get<Json[]>(outbound(`RepresentativeProfileId=${principal}`));
    expect(none.status).toBe(200);
    expect(none.text).toBe('[]');
    expect(none.headers.get('x-pagination-total-count')).toBe('0');
    const unknown = await service.max.get<Json>(
      `${V10}/profiles/2000000000/inbound-procurations?PageSize=-1`,
    );
    expect(unknown.status).toBe(404);
  });

  it('gives its connection back when the client goes away mid-stream', async () => {
    const token = await testToken(['ProfileApi_Max']);
    await abandonStreams(`${service.baseUrl}${outbound('Expand=RepresentativeProfile_Person')}`, token, 3);
    const head = await service.max.head(outbound(''));
    expect(head.status).toBe(200);
    expect(head.headers.get('x-pagination-total-count')).toBe(String(REPRESENTED));
    await waitUntil(async () => (await openTransactions(dataSource)) === 0, 'no stream holds a transaction');
    const reads = await Promise.all(
      Array.from({ length: 12 }, () =>
        service.max.get<Json[]>(`${V10}/profiles/${principal}/outbound-procurations?PageSize=5`),
      ),
    );
    expect(reads.map((read) => read.status)).toEqual(Array(12).fill(200));
  });
});
