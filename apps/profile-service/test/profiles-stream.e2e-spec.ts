import { DataSource } from 'typeorm';

import { testToken, waitUntil } from '@portal/testing';

import { apiHelpers } from './support/api-helpers';
import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10 } from './support/profile-test-app';
import { abandonStreams, openTransactions } from './support/streams';

type Json = Record<string, any>;

/** More than two batches of the stream (500 profiles each), the last one partial. */
const SEEDED = 1234;

const paginationHeaders = (headers: Headers): Record<string, string> =>
  Object.fromEntries([...headers].filter(([name]) => name.startsWith('x-pagination')));

/**
 * `PageSize=-1` streams every profile the filters keep from a database cursor, in batches,
 * with the same projection, expansions, order and headers as a page.
 */
describe('profile-service PageSize=-1 streamed (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let organizationId: number;
  const { post } = apiHelpers(() => service);

  beforeAll(async () => {
    service = await startProfileService('profile_stream');
    const legalForm = await post('/legal-forms', { name: 'ag', displayName: 'AG', code: 'AG' });
    const category = await post('/org-categories', { name: 'company', displayName: 'Company', code: 'CO' });
    const organization = await post('/profiles', {
      email: 'info@stream-ag.ch',
      organization: {
        name: 'Stream AG',
        legalFormId: legalForm.id,
        orgCategoryId: category.id,
        signatories: [
          { firstname: 'Sina', lastname: 'Signer', email: 'sina@stream-ag.ch', createdBy: 'alice' },
        ],
      },
    });
    organizationId = organization.id;
    await new Fixtures(service.app.get(DataSource)).persons(SEEDED, 'stream-');
  });

  afterAll(() => service?.close());

  it('answers every profile, in order, with the headers of one page', async () => {
    const response = await service.max.get<Json[]>(`${V10}/profiles?PageSize=-1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toHaveLength(SEEDED + 1);
    const ids = response.body.map((profile) => profile.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(SEEDED + 1);
    expect(paginationHeaders(response.headers)).toEqual({
      'x-pagination-total-count': String(SEEDED + 1),
      'x-pagination-page-size': String(SEEDED + 1),
      'x-pagination-current-page': '1',
      'x-pagination-total-pages': '1',
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-correlation-id')).toBeTruthy();
  });

  it('keeps the filters, the order, the expansions and the projection', async () => {
    const persons = await service.max.get<Json[]>(
      `${V10}/profiles?PageSize=-1&Keyword=stream-00&OrderBy=person.lastname desc&Expand=Person_Account`,
    );
    expect(persons.status).toBe(200);
    // stream-00001 .. stream-00999, not stream-01000 and on
    expect(persons.body).toHaveLength(999);
    expect(persons.headers.get('x-pagination-total-count')).toBe('999');
    expect(persons.body[0].person.lastname).toBe('Person stream-00999');
    expect(persons.body[998].person.lastname).toBe('Person stream-00001');
    expect(persons.body[0].person.account.username).toBe('stream-00999');

    const organizations = await service.max.get<Json[]>(
      `${V10}/profiles?PageSize=-1&ProfileType=Organization&Expand=Organization_Signatories`,
    );
    expect(organizations.body.map((profile) => profile.id)).toEqual([organizationId]);
    expect(organizations.body[0].organization.signatories).toEqual([
      expect.objectContaining({ email: 'sina@stream-ag.ch' }),
    ]);

    const selected = await service.low.get<Json[]>(`${V10}/profiles?PageSize=-1&Select=email`);
    expect(selected.body).toHaveLength(SEEDED + 1);
    expect(Object.keys(selected.body[1]).sort()).toEqual(['email', 'id']);
  });

  it('answers an empty array when the filters keep nothing', async () => {
    const none = await service.max.get<Json[]>(`${V10}/profiles?PageSize=-1&Keyword=nobody-here`);
    expect(none.status).toBe(200);
    expect(none.text).toBe('[]');
    expect(none.headers.get('x-pagination-total-count')).toBe('0');
    expect(none.headers.get('x-pagination-total-pages')).toBe('0');
  });

  it('refuses a bad filter before it streams anything, and still pages with PageSize up to 1000', async () => {
    const bad = await service.max.get<Json>(`${V10}/profiles?PageSize=-1&OrderBy=nope`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['OrderBy']);
    const bytes = await service.max.get<Json>(
      `${V10}/profiles?PageSize=51&Expand=ProfilePicture&IncludeCustomImageBytes=true`,
    );
    expect(bytes.status).toBe(400);
    expect(Object.keys(bytes.body.errors)).toEqual(['PageSize']);
    const withBytes = await service.max.get<Json[]>(
      `${V10}/profiles?PageSize=-1&Expand=ProfilePicture&IncludeCustomImageBytes=true`,
    );
    expect(withBytes.status).toBe(200);
    expect(withBytes.body).toHaveLength(SEEDED + 1);
  });

  it('gives its connection back when the client goes away mid-stream', async () => {
    const token = await testToken(['ProfileApi_Max']);
    await abandonStreams(`${service.baseUrl}${V10}/profiles?PageSize=-1&Expand=Person_Account`, token, 3);
    await waitUntil(
      async () => (await openTransactions(service.app.get(DataSource))) === 0,
      'no stream holds a transaction',
    );
    const reads = await Promise.all(
      Array.from({ length: 12 }, () => service.max.get<Json[]>(`${V10}/profiles?PageSize=5`)),
    );
    expect(reads.map((read) => read.status)).toEqual(Array(12).fill(200));
  });
});
