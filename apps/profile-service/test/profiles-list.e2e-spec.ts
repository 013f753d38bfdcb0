import { DataSource } from 'typeorm';

import { apiHelpers } from './support/api-helpers';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number): Date => new Date(Date.now() - days * DAY);

/**
 * The profile list against a scene of known profiles: every filter of ProfilesListFilters, every
 * Expand value, OrderBy, paging, HEAD and HeadersOnly.
 */
describe('profile-service profile list (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let dataSource: DataSource;
  /** The scene's profiles by name, in the order they were created (ascending ids). */
  const scene: Record<string, Json> = {};
  const names = new Map<number, string>();

  const { post } = apiHelpers(() => service);

  const profile = async (name: string, body: Json): Promise<void> => {
    const created = await post('/profiles', body);
    scene[name] = created;
    names.set(created.id, name);
  };
  const person = (email: string, person: Json, overrides: Json = {}): Json => ({
    email,
    createdBy: 'scene',
    ...overrides,
    person: { ...person, account: { username: email } },
  });
  const setColumns = async (name: string, columns: Record<string, unknown>): Promise<void> => {
    const entries = Object.entries(columns);
    await dataSource.query(
      `UPDATE profile SET ${entries.map(([column], index) => `"${column}" = $${index + 2}`).join(', ')} WHERE id = $1`,
      [scene[name].id, ...entries.map(([, value]) => value)],
    );
  };

  beforeAll(async () => {
    service = await startProfileService('profile_list');
    dataSource = service.app.get(DataSource);
    const ag = await post('/legal-forms', { name: 'ag', displayName: 'AG', code: 'AG' });
    const verein = await post('/legal-forms', { name: 'verein', displayName: 'Verein', code: 'VEREIN' });
    const company = await post('/org-categories', { name: 'company', displayName: 'Company', code: 'CO' });
    const club = await post('/org-categories', { name: 'club', displayName: 'Club', code: 'CLUB' });
    const married = await post('/marital-statuses', { name: 'married', displayName: 'Married' });
    const level = await post('/org-identification-levels', {
      name: 'uid-checked',
      displayName: 'UID checked',
    });

    await profile(
      'anna',
      person(
        'anna.muster@example.ch',
        { firstname: 'Anna', lastname: 'Muster', ahvNumber: '756.1111.2222.33', maritalStatusId: married.id },
        { zipCode: '8001', city: 'Zürich', externalKey: 'EXT-ANNA' },
      ),
    );
    await profile(
      'beat',
      person(
        'beat@bern.ch',
        { firstname: 'Beat', lastname: 'Keller' },
        { zipCode: '3011', city: 'Bern', isEnabled: false },
      ),
    );
    await profile(
      'carla',
      person(
        'carla@mail.ch',
        { firstname: 'Carla', lastname: 'Meier' },
        { zipCode: '8400', city: 'Winterthur' },
      ),
    );
    await profile('musterAg', {
      email: 'info@muster-ag.ch',
      zipCode: '8002',
      city: 'Zürich',
      createdBy: 'scene',
      organization: {
        name: 'Muster AG',
        uid: 'CHE-111.111.111',
        fsoId: 11,
        isPending: true,
        legalFormId: ag.id,
        orgCategoryId: company.id,
        orgIdentificationLevelId: level.id,
        signatories: [{ firstname: 'Beat', lastname: 'Keller' }, { firstname: 'Dora' }],
      },
    });
    await profile('verein', {
      email: 'kontakt@tv-bern.ch',
      zipCode: '3012',
      city: 'Bern',
      createdBy: 'scene',
      organization: {
        name: 'Turnverein Bern',
        uid: 'CHE-222.222.222',
        fsoId: 22,
        legalFormId: verein.id,
        orgCategoryId: club.id,
      },
    });
    await profile('rabatt', {
      email: 'sale@rabatt.ch',
      createdBy: 'scene',
      organization: { name: 'Rabatt 100%_AG', legalFormId: ag.id, orgCategoryId: club.id },
    });
    // Inactivity: thresholds 730, 760 and 790 days (the default INACTIVITY_DAYS).
    for (const name of ['dormantOne', 'dormantTwo', 'dormantThree', 'neverSeen', 'returned', 'recent']) {
      await profile(name, person(`${name.toLowerCase()}@sleep.ch`, { firstname: 'Sleepy', lastname: name }));
    }
    await setColumns('dormantOne', { last_login_stamp: daysAgo(731) });
    await setColumns('dormantTwo', { inactivity_state: 'InactiveLevelOne', last_login_stamp: daysAgo(761) });
    await setColumns('dormantThree', {
      inactivity_state: 'InactiveLevelTwo',
      last_login_stamp: daysAgo(791),
    });
    await setColumns('neverSeen', { create_stamp: daysAgo(800) });
    await setColumns('returned', { inactivity_state: 'InactiveLevelTwo', last_login_stamp: daysAgo(1) });
    await setColumns('recent', { last_login_stamp: daysAgo(10) });
    await setColumns('beat', {
      is_flagged_for_deletion: true,
      grace_period_end_date: new Date(Date.now() + 30 * DAY),
      last_login_stamp: new Date('2025-06-01T00:00:00Z'),
    });
    await setColumns('carla', {
      grace_period_end_date: new Date(Date.now() - DAY),
      last_login_stamp: new Date('2025-01-01T00:00:00Z'),
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  const list = async (query: string, version = V10): Promise<{ names: string[]; response: Json }> => {
    const response = await service.max.get<Json[]>(`${version}/profiles?PageSize=-1&${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-pagination-total-count')).toBe(String(response.body.length));
    return { names: response.body.map((listed) => names.get(listed.id) ?? `?${listed.id}`), response };
  };
  const found = async (query: string): Promise<string[]> => (await list(query)).names;

  const PEOPLE = [
    'anna',
    'beat',
    'carla',
    'dormantOne',
    'dormantTwo',
    'dormantThree',
    'neverSeen',
    'returned',
    'recent',
  ];
  const ORGANIZATIONS = ['musterAg', 'verein', 'rabatt'];

  describe('filters', () => {
    it('lists every profile by id without filters, with the exact total', async () => {
      expect(await found('')).toEqual(Object.keys(scene));
    });

    it.each<[string, string[]]>([
      ['ProfileType=Person', PEOPLE],
      ['profiletype=organization', ORGANIZATIONS],
      ['Ids=1,3&Ids=5', ['anna', 'carla', 'verein']],
      ['IsEnabled=false', ['beat']],
      ['ExternalKey=EXT-ANNA', ['anna']],
      ['ExternalKey=ext-anna', []],
      ['Keyword=muster', ['anna', 'musterAg']],
      ['Keyword=EXT-anna', ['anna']],
      ['Keyword=che-222', ['verein']],
      ['Keyword=KELLER', ['beat']],
      ['Keyword=a m', []],
      ['Keyword=100%_', ['rabatt']],
      ['Keyword=%', ['rabatt']],
      ['EmailContains=BERN', ['beat', 'verein']],
      [
        'EmailContains=@sleep.ch',
        ['dormantOne', 'dormantTwo', 'dormantThree', 'neverSeen', 'returned', 'recent'],
      ],
      ['ZipCodeContains=00', ['anna', 'carla', 'musterAg']],
      ['ZipCodeContains=80', ['anna', 'musterAg']],
      ['CityContains=zür', ['anna', 'musterAg']],
      ['MinLastLoginStamp=2025-06-01T00:00:00Z&MaxLastLoginStamp=2025-12-31T00:00:00Z', ['beat']],
      ['MaxLastLoginStamp=2025-01-01T00:00:00Z', ['carla', 'dormantOne', 'dormantTwo', 'dormantThree']],
      ['IsInGracePeriod=true', ['beat']],
      ['IsFlaggedForDeletion=true', ['beat']],
      ['OrganizationUid=CHE-111.111.111', ['musterAg']],
      ['OrganizationName=muster ag', ['musterAg']],
      ['OrganizationName=Muster', []],
      ['OrganizationNameContains=VEREIN', ['verein']],
      ['OrganizationIsPending=true', ['musterAg']],
      ['OrganizationIsPending=false', ['verein', 'rabatt']],
      ['OrganizationCategoryCode=club', ['verein', 'rabatt']],
      ['OrganizationValidationPerimeter=ag:co', ['musterAg']],
      ['OrganizationValidationPerimeter=AG:*', ['musterAg', 'rabatt']],
      ['OrganizationValidationPerimeter=*:CLUB', ['verein', 'rabatt']],
      ['OrganizationValidationPerimeter=VEREIN:CO&OrganizationValidationPerimeter=AG:CO', ['musterAg']],
      ['OrganizationValidationPerimeter=*:*', ORGANIZATIONS],
      ['OrganizationValidationPerimeter=GMBH:*', []],
      ['OrganizationFsoId=22', ['verein']],
      ['PersonFirstNameContains=ann', ['anna']],
      ['PersonLastnameContains=ei', ['carla']],
      ['PersonAhvNumber=756.1111.2222.33', ['anna']],
      ['HasToBeProcessedForInactivity=InactiveLevelOne', ['dormantOne', 'neverSeen']],
      ['HasToBeProcessedForInactivity=InactiveLevelTwo', ['dormantTwo']],
      ['HasToBeProcessedForInactivity=InactiveLevelThree', ['dormantThree']],
      ['HasToBeProcessedForInactivity=Active', ['returned']],
      ['ProfileType=Organization&CityContains=bern&OrganizationIsPending=false', ['verein']],
      ['Keyword=sleep&Ids=7,8,99', ['dormantOne', 'dormantTwo']],
    ])('%s', async (query, expected) => {
      expect(await found(query)).toEqual(expected);
    });

    it('filters IsInGracePeriod=false to profiles without a grace period or whose grace period passed', async () => {
      expect(await found('IsInGracePeriod=false')).toEqual(
        Object.keys(scene).filter((name) => name !== 'beat'),
      );
    });

    it('filters by the organization and the person of a profile', async () => {
      expect(await found(`OrganizationId=${scene.verein.organizationId}`)).toEqual(['verein']);
      expect(await found(`PersonId=${scene.carla.personId}`)).toEqual(['carla']);
    });
  });

  describe('expansions', () => {
    it('expands every value on a list, one statement per collection', async () => {
      const { response } = await list(
        'Ids=1,4&Expand=Person_MaritalStatus,Person_Account_Identities,Organization_LegalForm,Organization_Category,' +
          'Organization_IdentificationLevel,Organization_Signatories,ProfilePicture',
      );
      const [anna, musterAg] = response.body;
      expect(anna.person).toMatchObject({ lastname: 'Muster', maritalStatus: { name: 'married' } });
      expect(anna.person.account).toMatchObject({ username: 'anna.muster@example.ch', identities: [] });
      expect(anna.organization).toBeNull();
      expect(anna.profilePicture).toBeNull();
      expect(musterAg.person).toBeNull();
      expect(musterAg.organization).toMatchObject({
        name: 'Muster AG',
        isDeletableByOwner: true,
        legalForm: { code: 'AG' },
        category: { code: 'CO' },
        identificationLevel: { name: 'uid-checked' },
        signatories: [{ firstname: 'Beat' }, { firstname: 'Dora' }],
      });
    });

    it('adds nothing that was not asked for', async () => {
      const { response } = await list('Ids=1,4&Expand=Organization');
      expect(response.body[0]).toMatchObject({ organization: null });
      expect(response.body[0]).not.toHaveProperty('person');
      expect(response.body[1].organization).not.toHaveProperty('signatories');
      expect(response.body[1].organization).not.toHaveProperty('legalForm');
    });
  });

  describe('order and paging', () => {
    it.each<[string, string[]]>([
      ['OrderBy=email desc&ProfileType=Organization', ['rabatt', 'verein', 'musterAg']],
      ['OrderBy=person.lastname&Ids=1,2,3', ['beat', 'carla', 'anna']],
      ['OrderBy=Organization.Name desc&ProfileType=Organization', ['verein', 'rabatt', 'musterAg']],
      ['OrderBy=city,id desc&Ids=1,2,4,5', ['verein', 'beat', 'musterAg', 'anna']],
      // Null sorts after every value: last ascending, first descending.
      ['OrderBy=person.lastname desc&Ids=1,4', ['musterAg', 'anna']],
      ['OrderBy=person.lastname&Ids=1,4', ['anna', 'musterAg']],
    ])('%s', async (query, expected) => {
      expect(await found(query)).toEqual(expected);
    });

    it('pages with headers and links, under both versions', async () => {
      const response = await service.max.get<Json[]>(
        `${V9}/profiles?PageSize=5&PageNumber=2&ProfileType=Person`,
      );
      expect(response.body.map((listed) => names.get(listed.id))).toEqual(PEOPLE.slice(5, 9));
      expect(
        Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('x-pagination'))),
      ).toEqual({
        'x-pagination-total-count': '9',
        'x-pagination-page-size': '5',
        'x-pagination-current-page': '2',
        'x-pagination-total-pages': '2',
        'x-pagination-previous-page-link': expect.stringContaining('PageNumber=1'),
      });
    });

    it('caps a page at 1000 profiles, 50 with the pictures bytes; PageSize=-1 answers them all (streamed)', async () => {
      const all = await service.max.get<Json[]>(`${V10}/profiles?PageSize=-1&ProfileType=Organization`);
      expect(all.status).toBe(200);
      expect(all.headers.get('x-pagination-total-pages')).toBe('1');
      const bytes = await service.max.get<Json>(
        `${V10}/profiles?PageSize=51&Expand=ProfilePicture&IncludeCustomImageBytes=true`,
      );
      expect(bytes.status).toBe(400);
      expect(Object.keys(bytes.body.errors)).toEqual(['PageSize']);
      expect(
        (
          await service.max.get(
            `${V10}/profiles?PageSize=50&Expand=ProfilePicture&IncludeCustomImageBytes=true`,
          )
        ).status,
      ).toBe(200);
      expect(
        (await service.max.get(`${V10}/profiles?PageSize=1000&IncludeCustomImageBytes=true`)).status,
      ).toBe(200);
      expect(
        (
          await service.max.get(
            `${V10}/profiles?PageSize=-1&Expand=ProfilePicture&IncludeCustomImageBytes=true`,
          )
        ).status,
      ).toBe(200);
    });

    it('answers HEAD and HeadersOnly=true with the headers and no profiles', async () => {
      const head = await service.low.head(`${V10}/profiles?Keyword=muster&PageSize=1`);
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      expect(head.headers.get('x-pagination-total-count')).toBe('2');
      expect(head.headers.get('x-pagination-total-pages')).toBe('2');
      const headersOnly = await service.max.get<Json[]>(`${V10}/profiles?Keyword=muster&HeadersOnly=true`);
      expect(headersOnly.body).toEqual([]);
      expect(headersOnly.headers.get('x-pagination-total-count')).toBe('2');
      expect((await service.max.head(`${V10}/profiles?Keyword=${'k'.repeat(401)}`)).status).toBe(400);
      expect((await service.anonymous.head(`${V10}/profiles`)).status).toBe(401);
    });
  });

  describe('malformed queries', () => {
    it.each<[string, string]>([
      ['Keyword=' + 'k'.repeat(401), 'Keyword'],
      ['Keyword=a%01b', 'Keyword'],
      ['EmailContains=' + 'e'.repeat(401), 'EmailContains'],
      ['ZipCodeContains=123456789', 'ZipCodeContains'],
      ['CityContains=' + 'c'.repeat(161), 'CityContains'],
      ['ExternalKey=' + 'x'.repeat(51), 'ExternalKey'],
      ['OrganizationUid=' + 'u'.repeat(31), 'OrganizationUid'],
      ['OrganizationName=' + 'n'.repeat(161), 'OrganizationName'],
      ['OrganizationNameContains=' + 'n'.repeat(161), 'OrganizationNameContains'],
      ['OrganizationCategoryCode=' + 'c'.repeat(51), 'OrganizationCategoryCode'],
      ['OrganizationValidationPerimeter=AG', 'OrganizationValidationPerimeter'],
      ['OrganizationValidationPerimeter=AG:CO:X', 'OrganizationValidationPerimeter'],
      ['OrganizationValidationPerimeter=:CO', 'OrganizationValidationPerimeter'],
      ['PersonFirstNameContains=' + 'f'.repeat(161), 'PersonFirstNameContains'],
      ['PersonLastnameContains=' + 'l'.repeat(161), 'PersonLastnameContains'],
      ['PersonAhvNumber=' + 'a'.repeat(65), 'PersonAhvNumber'],
      ['MinLastLoginStamp=yesterday', 'MinLastLoginStamp'],
      ['MaxLastLoginStamp=2025-13-01', 'MaxLastLoginStamp'],
      ['ProfileType=Robot', 'ProfileType'],
      ['HasToBeProcessedForInactivity=Sleeping', 'HasToBeProcessedForInactivity'],
      ['IsEnabled=yes', 'IsEnabled'],
      ['IsInGracePeriod=1', 'IsInGracePeriod'],
      ['HeadersOnly=sometimes', 'HeadersOnly'],
      ['Ids=1,x', 'Ids'],
      ['OrganizationId=0', 'OrganizationId'],
      ['PersonId=2147483648', 'PersonId'],
      ['OrganizationFsoId=1.5', 'OrganizationFsoId'],
      ['Expand=Person,Account', 'Expand'],
      ['OrderBy=password', 'OrderBy'],
      ['OrderBy=person.account.username', 'OrderBy'],
      ['OrderBy=searchText', 'OrderBy'],
      ['OrderBy=email sideways', 'OrderBy'],
      ['PageSize=1001', 'PageSize'],
      ['PageNumber=0', 'PageNumber'],
      ['Select=person.password', 'Select'],
      ['Limited=0', 'Limited'],
    ])('answers %s with 400 on its parameter', async (query, parameter) => {
      const response = await service.max.get<Json>(`${V10}/profiles?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([parameter]);
    });
  });

  describe('the database keeps the search column and the count', () => {
    it('finds a profile by its new names after an update of its person or organization', async () => {
      await service.max.put(`${V10}/profiles/${scene.carla.id}`, {
        person: { lastname: 'Zwicky' },
        updatedBy: 'scene',
      });
      expect(await found('Keyword=zwicky')).toEqual(['carla']);
      expect(await found('Keyword=meier')).toEqual([]);
      await service.max.put(`${V10}/profiles/${scene.verein.id}`, {
        organization: { name: 'Turnverein Thun', uid: 'CHE-333.333.333' },
        updatedBy: 'scene',
      });
      expect(await found('Keyword=thun')).toEqual(['verein']);
      expect(await found('Keyword=che-333')).toEqual(['verein']);
      expect(await found('Keyword=che-222')).toEqual([]);
      await service.max.put(`${V10}/profiles/${scene.beat.id}`, {
        email: 'beat@thun.ch',
        updatedBy: 'scene',
      });
      expect(await found('Keyword=thun')).toEqual(['beat', 'verein']);
    });

    it('keeps the unfiltered totals exact across creates and deletes', async () => {
      const total = async (query = ''): Promise<number> =>
        Number((await service.max.head(`${V10}/profiles?${query}`)).headers.get('x-pagination-total-count'));
      const counted = async (kind: 'person' | 'organization'): Promise<number> =>
        Number(
          (await dataSource.query(`SELECT count(*) AS n FROM profile WHERE ${kind}_id IS NOT NULL`))[0].n,
        );
      const extra = await post('/profiles', person('extra@count.ch', { lastname: 'Extra' }));
      expect(await total()).toBe((await counted('person')) + (await counted('organization')));
      expect(await total('ProfileType=Person')).toBe(await counted('person'));
      await service.max.delete(`${V10}/profiles/${extra.id}`);
      await service.max.delete(`${V10}/profiles/${scene.rabatt.id}`);
      expect(await total('ProfileType=Person')).toBe(await counted('person'));
      expect(await total('ProfileType=Organization')).toBe(await counted('organization'));
      expect(await total()).toBe(Object.keys(scene).length - 1);
    });

    it('refuses to turn a person profile into an organization profile, even in SQL', async () => {
      await expect(
        dataSource.query('UPDATE profile SET person_id = NULL, organization_id = $2 WHERE id = $1', [
          scene.anna.id,
          scene.musterAg.organizationId,
        ]),
      ).rejects.toThrow(/cannot change between person and organization/);
    });
  });
});
