import type { EntityManager } from 'typeorm';

import { parseOrderBy } from '@portal/pagination';

import { expansionsOf, type ProfileExpansion } from './dto/profile-query.dto';
import { DEFAULT_INACTIVITY_DAYS, parseInactivityDays } from '../common/inactivity';
import {
  PROFILE_ORDER_BY,
  type ProfileListFilters,
  type ProfileListOptions,
  ProfileListQuery,
  type SqlStatement,
} from './profile-list.query';

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

function sut(
  options: Partial<ProfileListOptions> & { orderBy?: string; expandValues?: ProfileExpansion[] } = {},
) {
  return new ProfileListQuery({
    filters: {},
    order: parseOrderBy(options.orderBy, PROFILE_ORDER_BY),
    page: { pageNumber: 1, pageSize: 50 },
    expand: expansionsOf(options.expandValues),
    includeCustomImageBytes: false,
    now: NOW,
    inactivity: parseInactivityDays(DEFAULT_INACTIVITY_DAYS),
    ...options,
  });
}

/** A manager that answers the statements it runs, in turn, with the rows given; no database. */
function fakeManager(...answers: Record<string, unknown>[][]): {
  manager: EntityManager;
  ran: SqlStatement[];
} {
  const ran: SqlStatement[] = [];
  const manager = {
    query: (text: string, values: unknown[]) => {
      ran.push({ text, values });
      return Promise.resolve(answers.shift() ?? []);
    },
  } as unknown as EntityManager;
  return { manager, ran };
}

/**
 * Looks the query's distinct values up as if each lookup found `found`, and answers the statement
 * that looked them up (none when the filters name no distinct values).
 */
async function lookedUp(
  query: ProfileListQuery,
  found: readonly string[] = ['found'],
): Promise<SqlStatement[]> {
  const ran: SqlStatement[] = [];
  const manager = {
    query: (text: string, values: unknown[]) => {
      ran.push({ text, values });
      const lookups = text.match(/ AS "\d+"/g)?.length ?? 0;
      return Promise.resolve([
        Object.fromEntries(Array.from({ length: lookups }, (_, index) => [String(index), found])),
      ]);
    },
  } as unknown as EntityManager;
  await query.resolveDistinctValues(manager);
  return ran;
}

/** The WHERE clause of the page's inner statement, squeezed to one line. */
const whereOf = (query: ProfileListQuery): string => {
  const text = query.total().text.replace(/\s+/g, ' ');
  return text.includes(' WHERE ') ? text.slice(text.indexOf(' WHERE ') + 7) : '';
};

describe(ProfileListQuery.name, () => {
  describe('without filters', () => {
    it('reads the total from the maintained count, and pages by id', () => {
      const query = sut();
      expect(query.total()).toEqual({
        text: 'SELECT coalesce(sum(total), 0)::int AS total FROM profile_count',
        values: [],
      });
      const page = query.page();
      expect(page.text).toContain('SELECT p.id FROM profile p ORDER BY p."id" ASC LIMIT $1 OFFSET $2');
      expect(page.text).toContain('WITH ORDINALITY AS page(id, ordinal)');
      expect(page.text).toMatch(/ORDER BY page\.ordinal$/);
      expect(page.values).toEqual([50, 0]);
    });

    it('counts one kind from the maintained count too', () => {
      const query = sut({ filters: { ProfileType: 'Organization' } });
      expect(query.total()).toEqual({
        text: 'SELECT coalesce(sum(total), 0)::int AS total FROM profile_count WHERE kind = $1',
        values: ['Organization'],
      });
      expect(query.page().text).toContain('WHERE p."organization_id" IS NOT NULL ORDER BY');
    });

    it('pages further with an offset, and not at all for PageSize=-1', () => {
      expect(sut({ page: { pageNumber: 3, pageSize: 20 } }).page().values).toEqual([20, 40]);
      const all = sut({ page: { pageNumber: 1, pageSize: undefined } }).page();
      expect(all.text).not.toContain('LIMIT');
      expect(all.values).toEqual([]);
    });
  });

  describe('filters', () => {
    it.each<[string, ProfileListFilters, string, unknown[]]>([
      ['Ids', { Ids: [3, 5] }, 'p.id = ANY($1::int[])', [[3, 5]]],
      ['IsEnabled', { IsEnabled: false }, 'p."is_enabled" = $1', [false]],
      ['ExternalKey', { ExternalKey: 'K-1' }, 'p."external_key" = $1', ['K-1']],
      // Of few distinct values: the values found first (see 'looks the distinct values up first').
      ['ZipCodeContains', { ZipCodeContains: '80' }, 'p."zip_code_search" = ANY($1::text[])', [['found']]],
      ['CityContains', { CityContains: 'zür' }, 'p."city_search" = ANY($1::text[])', [['found']]],
      [
        'MinLastLoginStamp',
        { MinLastLoginStamp: '2025-01-01T00:00:00Z' },
        'p."last_login_stamp" >= $1',
        [new Date('2025-01-01T00:00:00Z')],
      ],
      [
        'MaxLastLoginStamp',
        { MaxLastLoginStamp: '2025-01-01T00:00:00Z' },
        'p."last_login_stamp" <= $1',
        [new Date('2025-01-01T00:00:00Z')],
      ],
      ['IsInGracePeriod=true', { IsInGracePeriod: true }, 'p."grace_period_end_date" > $1', [NOW]],
      [
        'IsInGracePeriod=false',
        { IsInGracePeriod: false },
        '(p."grace_period_end_date" IS NULL OR p."grace_period_end_date" <= $1)',
        [NOW],
      ],
      ['IsFlaggedForDeletion', { IsFlaggedForDeletion: true }, 'p."is_flagged_for_deletion" = $1', [true]],
      ['OrganizationId', { OrganizationId: 7 }, 'p."organization_id" = $1', [7]],
      ['PersonId', { PersonId: 8 }, 'p."person_id" = $1', [8]],
      ['OrganizationUid', { OrganizationUid: 'CHE-1' }, 'o."uid" = $1', ['CHE-1']],
      ['OrganizationName', { OrganizationName: 'Muster_AG' }, 'o."name" ILIKE $1', ['Muster\\_AG']],
      [
        'OrganizationNameContains',
        { OrganizationNameContains: 'AG' },
        'o."name_search" LIKE profile_search_fold($1)',
        ['%AG%'],
      ],
      ['OrganizationIsPending', { OrganizationIsPending: true }, 'o."is_pending" = $1', [true]],
      ['OrganizationFsoId', { OrganizationFsoId: 4711 }, 'o."fso_id" = $1', [4711]],
      [
        'OrganizationCategoryCode',
        { OrganizationCategoryCode: 'co' },
        'o."org_category_id" IN (SELECT id FROM org_category WHERE lower(code) = lower($1))',
        ['co'],
      ],
      [
        'PersonFirstNameContains',
        { PersonFirstNameContains: 'ann' },
        'p."firstname_search" = ANY($1::text[])',
        [['found']],
      ],
      [
        'PersonLastnameContains',
        { PersonLastnameContains: 'Bösch' },
        'p."lastname_search" = ANY($1::text[])',
        [['found']],
      ],
      ['PersonAhvNumber', { PersonAhvNumber: '756.1' }, 'pe."ahv_number" = $1', ['756.1']],
    ])('%s', async (_name, filters, condition, values) => {
      const query = sut({ filters });
      await lookedUp(query);
      expect(whereOf(query)).toBe(condition);
      expect(query.total().values).toEqual(values);
      expect(query.total().text).toMatch(/^SELECT count\(\*\)::int AS total FROM profile p/);
    });

    it('looks the distinct values up first, all in one statement, once, and sends nothing for filters without', async () => {
      const match = (kind: string, like: string): string =>
        `(SELECT coalesce(array_agg(sv.folded), '{}') FROM search_value sv WHERE sv.kind = '${kind}' AND ${like})`;
      const query = sut({
        filters: { CityContains: 'zür', PersonLastnameContains: 'bosch', IsEnabled: true },
      });
      const ran = await lookedUp(query, ['zurich', 'zuerich']);
      expect(ran).toEqual([
        {
          // With an umlaut, its transliteration too (contract 9).
          text:
            `SELECT ${match('city', '(sv.folded LIKE profile_search_fold($1) OR sv.folded LIKE profile_search_fold($2))')} AS "0", ` +
            `${match('lastname', 'sv.folded LIKE profile_search_fold($3)')} AS "1"`,
          values: ['%zür%', '%zuer%', '%bosch%'],
        },
      ]);
      expect(query.total().values).toEqual([true, ['zurich', 'zuerich'], ['zurich', 'zuerich']]);
      // Looked up once, however many statements name them.
      expect(await lookedUp(query)).toEqual([]);
      expect(await lookedUp(sut({ filters: { IsEnabled: true } }))).toEqual([]);
      // A statement is not sent before its values are found.
      expect(() => sut({ filters: { CityContains: 'bern' } }).page()).toThrow(
        "The city values of 'bern' are not looked up yet.",
      );
    });

    describe('filters of alternatives: ORed in the page, counted one alternative at a time', () => {
      const domain = (parameter: string): string => `p."email_domain_search" = ANY(${parameter}::text[])`;

      it.each<[string, ProfileListFilters, string[], unknown[]]>([
        // The domain first, by its distinct values: its count, the large one, stays index-only.
        // search_text holds the e-mail's local part and its `@`.
        [
          'Keyword',
          { Keyword: 'Muster' },
          [domain('$1'), 'p."search_text" LIKE profile_search_fold($2)'],
          [['found'], '%Muster%'],
        ],
        [
          'EmailContains in a part',
          { EmailContains: 'bluewin' },
          [domain('$1'), 'p."email_local_search" LIKE profile_search_fold($2)'],
          [['found'], '%bluewin%'],
        ],
        // Across the `@`: the local part ends with what precedes it, the domain starts with what follows.
        [
          'EmailContains across the @',
          { EmailContains: 'hans.muster@bern' },
          [
            `(p."email_local_search" LIKE profile_search_fold($1) AND ${domain('$2')})`,
            'p."email_local_search" LIKE profile_search_fold($3)',
          ],
          ['%hans.muster', ['found'], '%hans.muster@bern%'],
        ],
        [
          'EmailContains of a domain',
          { EmailContains: '@bern.ch' },
          [
            `(p."email_local_search" LIKE profile_search_fold($1) AND ${domain('$2')})`,
            'p."email_local_search" LIKE profile_search_fold($3)',
          ],
          ['%', ['found'], '%@bern.ch%'],
        ],
      ])('%s', async (_name, filters, [first, second], values) => {
        const query = sut({ filters });
        await lookedUp(query);
        // The page: the first rows of each alternative apart, up to the page's end, merged.
        const branch = (alternative: string): string =>
          `(SELECT p.id, p."id" AS sort0 FROM profile p WHERE ${alternative} ORDER BY p."id" ASC LIMIT $${values.length + 3})`;
        expect(query.page().text.replace(/\s+/g, ' ')).toContain(
          `FROM unnest(ARRAY(SELECT id FROM (${branch(first)} UNION ${branch(second)}) AS matches ` +
            `ORDER BY sort0 ASC LIMIT $${values.length + 1} OFFSET $${values.length + 2}))`,
        );
        expect(query.total().text.replace(/\s+/g, ' ')).toBe(
          `SELECT ((SELECT count(*) FROM profile p WHERE ${first}) + ` +
            `(SELECT count(*) FROM profile p WHERE ${second} AND (${first}) IS NOT TRUE))::int AS total`,
        );
        expect(query.total().values).toEqual(values);
        expect(query.page().values).toEqual([...values, 50, 0, 50]);
      });

      it('counts the first filter of alternatives apart, with every other filter in each count', async () => {
        const query = sut({ filters: { IsEnabled: true, Keyword: 'x', EmailContains: 'y' } });
        await lookedUp(query);
        const keyword = [domain('$2'), 'p."search_text" LIKE profile_search_fold($3)'];
        const email = `(${domain('$4')} OR p."email_local_search" LIKE profile_search_fold($5))`;
        expect(query.total().text.replace(/\s+/g, ' ')).toBe(
          `SELECT ((SELECT count(*) FROM profile p WHERE p."is_enabled" = $1 AND ${email} AND ${keyword[0]}) + ` +
            `(SELECT count(*) FROM profile p WHERE p."is_enabled" = $1 AND ${email} AND ${keyword[1]} AND (${keyword[0]}) IS NOT TRUE))::int AS total`,
        );
      });
    });

    it('escapes LIKE wildcards and keeps every value out of the text', async () => {
      const hostile = `100%_\\'; DROP TABLE profile; --`;
      const pattern = `%100\\%\\_\\\\'; DROP TABLE profile; --%`;
      const query = sut({ filters: { Keyword: hostile, EmailContains: hostile } });
      const [lookup] = await lookedUp(query);
      expect(lookup.values).toEqual([pattern, pattern]);
      expect(query.total().values).toEqual([['found'], pattern, ['found'], pattern]);
      expect(lookup.text).not.toContain('DROP');
      expect(query.total().text).not.toContain('DROP');
      expect(query.page().text).not.toContain('DROP');
    });

    it('joins the person or the organization only for their filters, and combines filters with AND', async () => {
      const keyword = sut({ filters: { Keyword: 'x' } });
      await lookedUp(keyword);
      expect(keyword.total().text).not.toContain('JOIN');
      // The person's folded names are on its profile: counting a name search joins nothing.
      const names = sut({ filters: { PersonLastnameContains: 'x', PersonFirstNameContains: 'y' } });
      await lookedUp(names);
      expect(names.total().text).not.toContain('JOIN');
      const both = sut({
        filters: { ProfileType: 'Person', PersonAhvNumber: '756.1', OrganizationIsPending: false },
      });
      const text = both.total().text;
      expect(text).toContain('LEFT JOIN person pe ON pe.id = p."person_id"');
      expect(text).toContain('LEFT JOIN organization o ON o.id = p."organization_id"');
      expect(whereOf(both)).toBe(
        'p."person_id" IS NOT NULL AND o."is_pending" = $1 AND pe."ahv_number" = $2',
      );
    });

    it('numbers the paging parameters after the filters, in the page statement only', async () => {
      const query = sut({
        filters: { Keyword: 'x', IsEnabled: true },
        page: { pageNumber: 2, pageSize: 10 },
      });
      await lookedUp(query);
      expect(query.page().text).toContain('LIMIT $6)');
      expect(query.page().text).toContain('LIMIT $4 OFFSET $5');
      expect(query.page().values).toEqual([true, ['found'], '%x%', 10, 10, 20]);
      expect(query.total().values).toEqual([true, ['found'], '%x%']);
    });

    it('matches the validation perimeter as the pairs its entries allow, * for any side', () => {
      const query = sut({
        filters: { OrganizationValidationPerimeter: ['AG:co', '*:verein', 'gmbh:*', '*:*'] },
      });
      expect(whereOf(query)).toBe(
        '(o."legal_form_id", o."org_category_id") IN (SELECT lf.id, oc.id' +
          ' FROM unnest($1::text[], $2::text[]) AS perimeter(legal_form_code, category_code)' +
          " JOIN legal_form lf ON perimeter.legal_form_code = '*' OR lower(lf.code) = lower(perimeter.legal_form_code)" +
          " JOIN org_category oc ON perimeter.category_code = '*' OR lower(oc.code) = lower(perimeter.category_code))",
      );
      expect(query.total().values).toEqual([
        ['AG', '*', 'gmbh', '*'],
        ['co', 'verein', '*', '*'],
      ]);
      expect(whereOf(sut({ filters: { OrganizationValidationPerimeter: [] } }))).toBe('false');
    });

    it('states a perimeter of 100 entries in the text and parameters of one entry', () => {
      const one = sut({ filters: { OrganizationValidationPerimeter: ['AG:CO'] } }).total();
      const hundred = sut({
        filters: {
          OrganizationValidationPerimeter: Array.from({ length: 100 }, (_, index) => `LF${index}:C${index}`),
        },
      }).total();
      expect(hundred.text).toBe(one.text);
      expect(hundred.values).toHaveLength(one.values.length);
    });

    it('finds profiles to move to an inactive state: the state before it, and its threshold passed', () => {
      const query = sut({ filters: { HasToBeProcessedForInactivity: 'InactiveLevelTwo' } });
      expect(whereOf(query)).toBe(
        '(p."inactivity_state" = $1 AND coalesce(p."last_login_stamp", p."create_stamp") <= $2)',
      );
      expect(query.total().values).toEqual(['InactiveLevelOne', new Date(NOW.getTime() - 760 * DAY)]);
      expect(sut({ filters: { HasToBeProcessedForInactivity: 'InactiveLevelOne' } }).total().values).toEqual([
        'Active',
        new Date(NOW.getTime() - 730 * DAY),
      ]);
    });

    it('finds inactive profiles that signed in since, to move back to Active', () => {
      const query = sut({ filters: { HasToBeProcessedForInactivity: 'Active' } });
      expect(whereOf(query)).toBe(
        '(p."last_login_stamp" IS NOT NULL AND (' +
          '(p."inactivity_state" = $1 AND coalesce(p."last_login_stamp", p."create_stamp") > $2)' +
          ' OR (p."inactivity_state" = $3 AND coalesce(p."last_login_stamp", p."create_stamp") > $4)' +
          ' OR (p."inactivity_state" = $5 AND coalesce(p."last_login_stamp", p."create_stamp") > $6)))',
      );
      expect(query.total().values).toEqual([
        'InactiveLevelOne',
        new Date(NOW.getTime() - 730 * DAY),
        'InactiveLevelTwo',
        new Date(NOW.getTime() - 760 * DAY),
        'InactiveLevelThree',
        new Date(NOW.getTime() - 790 * DAY),
      ]);
    });
  });

  describe('order', () => {
    it('orders by dotted paths of the person and the organization, joining them, and ends with id', () => {
      const query = sut({ orderBy: 'person.lastname desc,organization.name,email' });
      const text = query.page().text;
      expect(text).toContain('ORDER BY pe."lastname" DESC, o."name" ASC, p."email" ASC, p."id" ASC');
      expect(text).toContain(
        'SELECT p.id FROM profile p LEFT JOIN person pe ON pe.id = p."person_id" LEFT JOIN organization o',
      );
    });

    it('offers every readable property of the profile, its person and its organization', () => {
      expect(Object.keys(PROFILE_ORDER_BY)).toEqual(
        expect.arrayContaining([
          'id',
          'email',
          'lastLoginStamp',
          'createStamp',
          'person.lastname',
          'person.birthdate',
          'organization.name',
          'organization.uid',
        ]),
      );
      expect(Object.keys(PROFILE_ORDER_BY)).not.toContain('searchText');
      expect(() => parseOrderBy('person.account.password', PROFILE_ORDER_BY)).toThrow();
    });
  });

  describe('expansions', () => {
    it('reads only the profile without Expand', () => {
      const text = sut().page().text;
      expect(text).toContain('p."email" AS "p.email"');
      expect(text).not.toMatch(/JOIN (person|organization|account|profile_picture)/);
      expect(text).not.toContain('search_text');
    });

    it('joins what each expansion needs', () => {
      const text = sut({
        expandValues: [
          'Person_Account_Identities',
          'Person_MaritalStatus',
          'Organization_LegalForm',
          'Organization_Category',
          'Organization_IdentificationLevel',
          'ProfilePicture',
        ],
      }).page().text;
      for (const join of [
        'LEFT JOIN person pe ON pe.id = p."person_id"',
        'LEFT JOIN marital_status ms ON ms.id = pe."marital_status_id"',
        'LEFT JOIN account ac ON ac.id = pe."account_id"',
        'LEFT JOIN organization o ON o.id = p."organization_id"',
        'LEFT JOIN legal_form lf ON lf.id = o."legal_form_id"',
        'LEFT JOIN org_category oc ON oc.id = o."org_category_id"',
        'LEFT JOIN org_identification_level oil ON oil.id = o."org_identification_level_id"',
        'LEFT JOIN profile_picture pp ON pp."profile_id" = p.id',
      ]) {
        expect(text).toContain(join);
      }
      expect(text).toContain(
        '(lf."is_org_deletable_by_owner" AND oc."is_org_deletable_by_owner") AS "o.isDeletableByOwner"',
      );
      expect(text).not.toContain('password_hash');
      expect(text).not.toContain('custom_image_bytes');
    });

    it('reads the picture bytes only with IncludeCustomImageBytes', () => {
      const text = sut({ expandValues: ['ProfilePicture'], includeCustomImageBytes: true }).page().text;
      expect(text).toContain('pp."custom_image_bytes" AS "pp.customImageBytes"');
    });

    it('reads identities and signatories only when expanded and there are some, and gives each its own', async () => {
      const person = (id: number, accountId: number) => ({
        'p.id': id,
        'pe.id': id,
        'ac.id': accountId,
      });
      const none = fakeManager();
      await sut({ expandValues: ['Person_Account'] }).completeRows(none.manager, [person(1, 10)]);
      // An organization's row: no person, so no account whose identities to read.
      await sut({ expandValues: ['Person_Account_Identities'] }).completeRows(none.manager, [
        { 'p.id': 4, 'pe.id': null },
      ]);
      await sut({ expandValues: ['Organization'] }).completeRows(none.manager, [{ 'p.id': 4, 'o.id': 40 }]);
      expect(none.ran).toEqual([]);

      const identities = fakeManager([
        { 'i.id': 7, 'i.accountId': 10 },
        { 'i.id': 8, 'i.accountId': 10 },
      ]);
      const people = await sut({ expandValues: ['Person_Account_Identities'] }).completeRows(
        identities.manager,
        [person(1, 10), person(2, 20)],
      );
      expect(identities.ran).toEqual([
        { text: expect.stringContaining('WHERE i."account_id" = ANY($1::int[])'), values: [[10, 20]] },
      ]);
      expect(
        people.map((record) => record.person?.account?.identities?.map((identity) => identity.id)),
      ).toEqual([[7, 8], []]);

      const signatories = fakeManager([{ 's.id': 9, 's.organizationId': 40 }]);
      const [organization] = await sut({ expandValues: ['Organization_Signatories'] }).completeRows(
        signatories.manager,
        [{ 'p.id': 4, 'o.id': 40 }],
      );
      expect(signatories.ran.map((statement) => statement.values)).toEqual([[[40]]]);
      expect(organization.organization?.signatories?.map((signatory) => signatory.id)).toEqual([9]);
    });

    it('turns a row into the profile and its expansions, null where a left join found nothing', async () => {
      const query = sut({ expandValues: ['Person_Account', 'Organization', 'ProfilePicture'] });
      const stamp = new Date('2026-01-01T00:00:00Z');
      const { manager, ran } = fakeManager();
      const [record] = await query.completeRows(manager, [
        {
          'p.id': 1,
          'p.email': 'anna@example.ch',
          'p.createStamp': stamp,
          'pe.id': 2,
          'pe.lastname': 'Muster',
          'ac.id': 3,
          'ac.username': 'anna',
          'o.id': null,
          'pp.id': null,
        },
      ]);
      expect(ran).toEqual([]);
      expect(record.profile).toMatchObject({ id: 1, email: 'anna@example.ch', createStamp: stamp });
      expect(record.person?.person).toMatchObject({ id: 2, lastname: 'Muster' });
      expect(record.person?.account?.account).toMatchObject({ id: 3, username: 'anna' });
      expect(record.person).not.toHaveProperty('maritalStatus');
      expect(record.organization).toBeNull();
      expect(record.picture).toBeNull();
      expect(await sut().completeRows(manager, [{ 'p.id': 1 }])).toEqual([
        { profile: expect.objectContaining({ id: 1 }) },
      ]);
    });

    it('reads a page and its total beside it, after the distinct values, and the total alone for HEAD', async () => {
      const query = sut({ filters: { CityContains: 'bern' } });
      const both = fakeManager([{ '0': ['bern'] }], [{ 'p.id': 1 }], [{ total: 1 }]);
      const { records, total } = await query.readPage(both.manager, false);
      expect([records.map((record) => record.profile.id), total]).toEqual([[1], 1]);
      expect(both.ran.map((statement) => statement.text)).toEqual([
        expect.stringContaining("FROM search_value sv WHERE sv.kind = 'city'"),
        query.page().text,
        query.total().text,
      ]);
      expect(query.total().values).toEqual([['bern']]);
      const head = fakeManager([{ total: 3 }]);
      expect(await query.readPage(head.manager, true)).toEqual({ records: [], total: 3 });
      expect(head.ran.map((statement) => statement.text)).toEqual([query.total().text]);
    });

    it('brings the parents of a dotted expansion', () => {
      expect([...expansionsOf(['Person_Account_Identities', 'Organization_Signatories'])].sort()).toEqual([
        'Organization',
        'Organization_Signatories',
        'Person',
        'Person_Account',
        'Person_Account_Identities',
      ]);
    });
  });
});
