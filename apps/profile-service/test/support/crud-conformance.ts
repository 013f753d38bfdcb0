import { type ProfileService, V10, V9 } from './profile-test-app';

type Json = Record<string, any>;

export interface CrudResourceSpec {
  /** `/clients`, below the version. */
  readonly path: string;
  /** The path parameter of one record (`clientId`), as 400s name it. */
  readonly idName: string;
  /** A valid create body without `createdBy`; each call gives other code names. */
  readonly body: () => Json;
  /** What a response shows for the optional fields a body leaves out. */
  readonly defaults: Json;
  /** Bodies refused with a 400 on the path named. */
  readonly invalid: readonly (readonly [string, Json, string])[];
  /** Fields unique case-insensitively (a second record with the same value is a 400 on it). */
  readonly unique: readonly string[];
  /** Fields unique as they are (case-sensitive). */
  readonly uniqueExact?: readonly string[];
  /** A property to order by besides id. */
  readonly orderBy: string;
  /** Properties besides id the level table shows Low (1) and Medium (2); none when left out. */
  readonly levels?: { readonly low: readonly string[]; readonly medium: readonly string[] };
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const AUDIT = ['createdBy', 'createStamp', 'updatedBy', 'updateStamp'];
/** JSON values of every type, and strings PostgreSQL or the bounds refuse. */
export const HOSTILE: unknown[] = [
  null,
  5,
  -1.5,
  1e308,
  true,
  'x',
  '',
  [],
  [null],
  {},
  { a: 1 },
  '\u0000',
  '\ud800',
  'x'.repeat(5000),
];

/**
 * What every reference and catalogue resource does the same way (contract 4, 5, 6): the five
 * routes under both versions, roles, validation, uniqueness, paging and projection by level.
 * Call inside a describe whose beforeAll starts the service.
 */
export function itConformsToTheCrudContract(service: () => ProfileService, spec: CrudResourceSpec): void {
  const collection = (version = V10): string => `${version}${spec.path}`;
  const item = (id: number | string, version = V10): string => `${collection(version)}/${id}`;
  const fieldsOf = (body: Json): Json => ({ ...spec.defaults, ...body });

  const create = async (overrides: Json = {}, version = V10): Promise<Json> => {
    const response = await service().max.post<Json>(collection(version), {
      ...spec.body(),
      createdBy: 'alice',
      ...overrides,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(item(response.body.id, version));
    return response.body;
  };
  const count = async (): Promise<number> =>
    Number((await service().max.get(`${collection()}?PageSize=1`)).headers.get('x-pagination-total-count'));

  describe('roles', () => {
    it('answers 401 without a token and 403 to a token without a ProfileApi role', async () => {
      const record = await create();
      for (const url of [collection(), item(record.id)]) {
        expect((await service().anonymous.get(url)).status).toBe(401);
        const forbidden = await service().stranger.get<Json>(url);
        expect(forbidden.status).toBe(403);
        expect(forbidden.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }
    });

    it('lets every ProfileApi role read, and only ProfileApi_Max write', async () => {
      const record = await create();
      const body = { ...spec.body(), createdBy: 'mallory', updatedBy: 'mallory' };
      for (const caller of [service().low, service().medium]) {
        expect((await caller.get(collection())).status).toBe(200);
        expect((await caller.get(item(record.id))).status).toBe(200);
        expect((await caller.post(collection(), body)).status).toBe(403);
        expect((await caller.put(item(record.id), body)).status).toBe(403);
        expect((await caller.delete(item(record.id))).status).toBe(403);
      }
      expect((await service().max.get<Json>(item(record.id))).body).toEqual(record);
    });
  });

  describe('create and read', () => {
    it('creates with 201: id, the fields (defaults for those left out) and AUDIT', async () => {
      const body = spec.body();
      const created = await create(body);
      expect(created).toEqual({
        id: expect.any(Number),
        ...fieldsOf(body),
        createdBy: 'alice',
        createStamp: expect.stringMatching(ISO_UTC),
        updatedBy: 'alice',
        updateStamp: created.createStamp,
      });
      for (const version of [V10, V9]) {
        const read = await service().max.get<Json>(item(created.id, version));
        expect(read.status).toBe(200);
        expect(read.body).toEqual(created);
      }
    });

    it('ignores id and AUDIT in the body, and unknown properties under v9-1 only', async () => {
      for (const version of [V10, V9]) {
        const created = await create(
          {
            id: 999999,
            createStamp: '2000-01-01T00:00:00.000Z',
            updatedBy: 'x',
            ...(version === V9 ? { colour: 'red' } : {}),
          },
          version,
        );
        expect(created.id).not.toBe(999999);
        expect(created.createStamp).not.toBe('2000-01-01T00:00:00.000Z');
        expect(created.updatedBy).toBe('alice');
        expect(created).not.toHaveProperty('colour');
      }
    });

    it('refuses an unknown property under v10-0 with 400 on it, naming the nearest known one', async () => {
      const before = await count();
      const response = await service().max.post<Json>(collection(), {
        ...spec.body(),
        createdBy: 'alice',
        createdbyy: 'alice',
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        createdbyy: ['createdbyy: unknown property; did you mean createdBy?'],
      });
      expect(await count()).toBe(before);
    });

    it('takes back what a read gave, with its id and AUDIT', async () => {
      const record = await create();
      const read = await service().max.get<Json>(item(record.id));
      const updated = await service().max.put<Json>(item(record.id), { ...read.body, updatedBy: 'bob' });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ ...record, updatedBy: 'bob', updateStamp: updated.body.updateStamp });
    });

    it('refuses an unknown query parameter under v10-0 with 400 on it, and ignores it under v9-1', async () => {
      const record = await create();
      const list = await service().max.get<Json>(`${collection()}?PageSise=1`);
      expect(list.status).toBe(400);
      expect(list.body.errors).toEqual({ PageSise: ['PageSise: unknown parameter; did you mean PageSize?'] });
      const read = await service().max.get<Json>(`${item(record.id)}?Limitd=1`);
      expect(read.body.errors).toEqual({ Limitd: ['Limitd: unknown parameter; did you mean Limited?'] });
      expect((await service().max.get(`${collection(V9)}?PageSise=1`)).status).toBe(200);
      expect((await service().max.get(`${item(record.id, V9)}?Limitd=1`)).status).toBe(200);
    });

    it.each(['abc', '0', '-1', '1.5', '2147483648', '99999999999', '1e3'])(
      'answers 400 naming the path parameter for the id %s',
      async (id) => {
        const response = await service().max.get<Json>(item(id));
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual([spec.idName]);
      },
    );

    it('answers 404 with a problem for an unknown id', async () => {
      for (const response of [
        await service().max.get<Json>(item(2147483647)),
        await service().max.put<Json>(item(2147483647), { ...spec.body(), updatedBy: 'bob' }),
        await service().max.delete<Json>(item(2147483647)),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({
          status: 404,
          correlationId: response.headers.get('x-correlation-id'),
        });
      }
    });

    it('refuses createdBy missing, empty, over 100 characters or with a control character with 400', async () => {
      for (const createdBy of [undefined, '', 'x'.repeat(101), 'alice\u0008']) {
        const response = await service().max.post<Json>(collection(), { ...spec.body(), createdBy });
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual(['createdBy']);
      }
    });

    it.each(spec.invalid.map(([name, overrides, path]) => [name, overrides, path] as const))(
      'refuses %s with 400 on the property and stores nothing',
      async (_case, overrides, path) => {
        const before = await count();
        const response = await service().max.post<Json>(collection(), {
          ...spec.body(),
          createdBy: 'alice',
          ...overrides,
        });
        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(response.body.errors[path]).toEqual(expect.arrayContaining([expect.any(String)]));
        expect(await count()).toBe(before);
      },
    );

    it.each(spec.unique.map((field) => [field]))(
      'keeps %s unique case-insensitively (400 on it)',
      async (field) => {
        const taken = await create();
        const value = String(taken[field]).toUpperCase();
        const second = await service().max.post<Json>(collection(), {
          ...spec.body(),
          [field]: value,
          createdBy: 'alice',
        });
        expect(second.status).toBe(400);
        expect(Object.keys(second.body.errors)).toEqual([field]);
        const other = await create();
        const renamed = await service().max.put<Json>(item(other.id), {
          ...spec.body(),
          [field]: value,
          updatedBy: 'bob',
        });
        expect(renamed.status).toBe(400);
        expect(Object.keys(renamed.body.errors)).toEqual([field]);
      },
    );

    it('never answers 500 to hostile field types', async () => {
      for (const field of [...Object.keys(spec.body()), ...Object.keys(spec.defaults), 'createdBy']) {
        for (const value of HOSTILE) {
          const response = await service().max.post<Json>(collection(), {
            ...spec.body(),
            createdBy: 'alice',
            [field]: value,
          });
          expect([201, 400]).toContain(response.status);
        }
      }
    });
  });

  describe('update and delete', () => {
    it('replaces the fields, keeps the creation and stamps the update, under both versions', async () => {
      for (const version of [V10, V9]) {
        const record = await create();
        await new Promise((resolve) => setTimeout(resolve, 5));
        const body = spec.body();
        const updated = await service().max.put<Json>(item(record.id, version), {
          ...body,
          updatedBy: 'bob',
        });
        expect(updated.status).toBe(200);
        expect(updated.body).toEqual({
          id: record.id,
          ...fieldsOf(body),
          createdBy: 'alice',
          createStamp: record.createStamp,
          updatedBy: 'bob',
          updateStamp: expect.stringMatching(ISO_UTC),
        });
        expect(updated.body.updateStamp > record.updateStamp).toBe(true);
        expect((await service().max.get<Json>(item(record.id))).body).toEqual(updated.body);
      }
    });

    it('refuses an update without updatedBy with 400 and changes nothing', async () => {
      const record = await create();
      const response = await service().max.put<Json>(item(record.id), { ...spec.body(), createdBy: 'bob' });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['updatedBy']);
      expect((await service().max.get<Json>(item(record.id))).body).toEqual(record);
    });

    it('deletes with 204 under both versions, then answers 404', async () => {
      for (const version of [V10, V9]) {
        const record = await create();
        const deleted = await service().max.delete(item(record.id, version));
        expect(deleted.status).toBe(204);
        expect(deleted.text).toBe('');
        expect((await service().max.get(item(record.id))).status).toBe(404);
        expect((await service().max.delete(item(record.id))).status).toBe(404);
      }
    });
  });

  describe('list', () => {
    it('pages with the X-Pagination headers under both versions', async () => {
      await create();
      await create();
      const total = await count();
      for (const version of [V10, V9]) {
        const page = await service().low.get<Json[]>(`${collection(version)}?PageSize=1&PageNumber=2`);
        expect(page.status).toBe(200);
        expect(page.body).toHaveLength(1);
        expect(page.headers.get('x-pagination-total-count')).toBe(String(total));
        expect(page.headers.get('x-pagination-total-pages')).toBe(String(total));
        expect(page.headers.get('x-pagination-current-page')).toBe('2');
        expect(page.headers.get('x-pagination-previous-page-link')).toBe(
          `${collection(version)}?PageSize=1&PageNumber=1`,
        );
      }
      const head = await service().low.head(`${collection()}?PageSize=1`);
      expect(head.status).toBe(200);
      expect(head.headers.get('x-pagination-total-count')).toBe(String(total));
    });

    it('never answers 500 to malformed queries and paths', async () => {
      const queries = [
        'PageSize=1&PageSize=2',
        'PageNumber=1e3',
        'PageSize=',
        'OrderBy=',
        'OrderBy=%00',
        `OrderBy=${'id,'.repeat(300)}`,
        'Select=',
        'Select=,,',
        'Limited=',
        'Limited=1&Limited=2',
        'Name[a]=x',
        'a=%ZZ',
        '%ZZ=1',
      ];
      for (const query of queries) {
        const response = await service().max.get(`${collection()}?${query}`);
        expect([query, [200, 400].includes(response.status)]).toEqual([query, true]);
      }
      for (const id of ['%00', '%20', '1%20', '%F0%9F%98%80', 'x'.repeat(2000), '1;DROP TABLE client']) {
        for (const method of ['get', 'delete'] as const) {
          const response = await service().max[method](item(id));
          expect([id, [400, 404, 414].includes(response.status)]).toEqual([id, true]);
        }
      }
    });

    it('orders by a listed property, ending with id; an unknown one is a 400', async () => {
      const mine = new Set([(await create()).id, (await create()).id, (await create()).id]);
      const all = await service().max.get<Json[]>(`${collection()}?PageSize=-1&OrderBy=${spec.orderBy} desc`);
      expect(all.status).toBe(200);
      const values = all.body.filter((record) => mine.has(record.id)).map((record) => record[spec.orderBy]);
      expect(values).toEqual([...values].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
      const byId = (await service().max.get<Json[]>(`${collection()}?PageSize=-1`)).body.map(
        (record) => record.id,
      );
      expect(byId).toEqual([...byId].sort((a, b) => a - b));
      for (const query of ['OrderBy=colour', 'OrderBy=id sideways', 'PageSize=0', 'PageNumber=0']) {
        const response = await service().max.get<Json>(`${collection()}?${query}`);
        expect(response.status).toBe(400);
      }
    });
  });

  describe('projection', () => {
    it('shows Low and Medium what the level table lists (only the id when nothing), Max everything', async () => {
      const record = await create();
      const levels = spec.levels ?? { low: [], medium: [] };
      for (const [caller, visible] of [
        [service().low, levels.low],
        [service().medium, levels.medium],
      ] as const) {
        const expected = ['id', ...visible].sort();
        expect(Object.keys((await caller.get<Json>(item(record.id))).body).sort()).toEqual(expected);
        const list = await caller.get<Json[]>(`${collection()}?PageSize=-1`);
        expect(list.body.every((listed) => Object.keys(listed).sort().join() === expected.join())).toBe(true);
      }
      const full = (await service().max.get<Json>(item(record.id))).body;
      expect(Object.keys(full).sort()).toEqual(
        ['id', ...Object.keys(fieldsOf(spec.body())), ...AUDIT].sort(),
      );
    });

    it('lowers the level with Limited and keeps what Select names', async () => {
      const record = await create();
      const [field] = Object.keys(spec.body());
      const levels = spec.levels ?? { low: [], medium: [] };
      const keysAt = async (caller: 'low' | 'max', query: string) =>
        Object.keys((await service()[caller].get<Json>(`${item(record.id)}?${query}`)).body).sort();
      expect(await keysAt('max', 'Limited=2')).toEqual(['id', ...levels.medium].sort());
      expect(await keysAt('max', 'Limited=1')).toEqual(['id', ...levels.low].sort());
      expect((await service().max.get<Json>(`${item(record.id)}?limited=9`)).body).toEqual(record);
      expect(await keysAt('low', 'Limited=9')).toEqual(['id', ...levels.low].sort());
      expect((await service().max.get<Json>(`${item(record.id)}?Select=${field},createdBy`)).body).toEqual({
        id: record.id,
        [field]: record[field],
        createdBy: 'alice',
      });
      const listed = await service().max.get<Json[]>(`${collection()}?PageSize=-1&Select=${field}`);
      expect(listed.body.find((candidate) => candidate.id === record.id)).toEqual({
        id: record.id,
        [field]: record[field],
      });
    });

    it.each([
      ['Limited=3', 'Limited'],
      ['Limited=max', 'Limited'],
      ['Select=colour', 'Select'],
      ['select=id,colour.hue', 'select'],
    ])('answers %s with 400 on %s', async (query, parameter) => {
      for (const url of [`${collection()}?${query}`, `${item(1)}?${query}`]) {
        const response = await service().max.get<Json>(url);
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual([parameter]);
      }
    });
  });
}
