import { DataSource } from 'typeorm';

import { HOSTILE } from './support/crud-conformance';
import { Fixtures, unique } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('profile-service identities of a profile (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let fixtures: Fixtures;
  let providerId: number;
  let otherProviderId: number;
  let levelId: number;
  let otherLevelId: number;

  beforeAll(async () => {
    service = await startProfileService('profile_identities_of_profile');
    fixtures = new Fixtures(service.app.get(DataSource));
    providerId = await fixtures.identityProvider();
    otherProviderId = await fixtures.identityProvider();
    levelId = await fixtures.identificationLevel();
    otherLevelId = await fixtures.identificationLevel();
  });

  afterAll(async () => {
    await service?.close();
  });

  const identities = (profileId: number | string, version = V10) =>
    `${version}/profiles/${profileId}/identities`;
  const identity = (profileId: number | string, identityProviderId: number | string, version = V10) =>
    `${identities(profileId, version)}/${identityProviderId}`;
  const body = (overrides: Json = {}): Json => ({
    identificationLevelId: levelId,
    externalId: `ext-${unique()}`,
    metadata: { familyName: 'Muster' },
    createdBy: 'alice',
    ...overrides,
  });
  const countOf = async (profileId: number): Promise<number> =>
    Number(
      (await service.max.get(`${identities(profileId)}?PageSize=1`)).headers.get('x-pagination-total-count'),
    );

  describe('upsert', () => {
    it('links a person profile with 201, its account and profile set by the server, under both versions', async () => {
      for (const version of [V10, V9]) {
        const anna = await fixtures.personProfile();
        const sent = body({ accountId: 999, profileId: 999, id: 999, createStamp: '2000-01-01T00:00:00Z' });
        const created = await service.max.put<Json>(identity(anna.profileId, providerId, version), sent);
        expect(created.status).toBe(201);
        expect(created.body).toEqual({
          id: expect.any(Number),
          identityProviderId: providerId,
          accountId: anna.accountId,
          identificationLevelId: levelId,
          externalId: sent.externalId,
          profileId: anna.profileId,
          metadata: { familyName: 'Muster' },
          createdBy: 'alice',
          createStamp: expect.stringMatching(ISO_UTC),
          updatedBy: 'alice',
          updateStamp: created.body.createStamp,
        });
        const listed = await service.max.get<Json[]>(identities(anna.profileId, version));
        expect(listed.body).toEqual([created.body]);
      }
    });

    it('updates the link with 200: the level, external id and metadata; the creation stays', async () => {
      const anna = await fixtures.personProfile();
      const created = (await service.max.put<Json>(identity(anna.profileId, providerId), body())).body;
      const updated = await service.max.put<Json>(
        identity(anna.profileId, providerId),
        body({
          identificationLevelId: otherLevelId,
          externalId: 'renamed-1',
          metadata: null,
          createdBy: 'bob',
        }),
      );
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({
        ...created,
        identificationLevelId: otherLevelId,
        externalId: 'renamed-1',
        metadata: null,
        updatedBy: 'bob',
        updateStamp: expect.stringMatching(ISO_UTC),
      });
      expect(updated.body.updateStamp >= created.createStamp).toBe(true);
      expect(await countOf(anna.profileId)).toBe(1);
    });

    it('keeps one identity per provider and profile, and links several providers', async () => {
      const anna = await fixtures.personProfile();
      expect((await service.max.put(identity(anna.profileId, providerId), body())).status).toBe(201);
      expect((await service.max.put(identity(anna.profileId, otherProviderId), body())).status).toBe(201);
      expect((await service.max.put(identity(anna.profileId, providerId), body())).status).toBe(200);
      expect(await countOf(anna.profileId)).toBe(2);
    });

    it('keeps externalId unique per provider: another profile holding it is a 400 on externalId', async () => {
      const anna = await fixtures.personProfile();
      const beat = await fixtures.personProfile();
      const externalId = `shared-${unique()}`;
      expect((await service.max.put(identity(anna.profileId, providerId), body({ externalId }))).status).toBe(
        201,
      );
      const taken = await service.max.put<Json>(identity(beat.profileId, providerId), body({ externalId }));
      expect(taken.status).toBe(400);
      expect(taken.body.errors).toEqual({ externalId: [expect.stringContaining(externalId)] });
      expect(await countOf(beat.profileId)).toBe(0);
      // The same external id at another provider is someone else's business.
      expect(
        (await service.max.put(identity(beat.profileId, otherProviderId), body({ externalId }))).status,
      ).toBe(201);
      // And the holder may re-send its own.
      expect((await service.max.put(identity(anna.profileId, providerId), body({ externalId }))).status).toBe(
        200,
      );
      // Case matters: the id is the provider's, compared as it is.
      expect(
        (
          await service.max.put(
            identity(beat.profileId, providerId),
            body({ externalId: externalId.toUpperCase() }),
          )
        ).status,
      ).toBe(201);
    });

    it('refuses an organization profile with 400 on profileId', async () => {
      const organization = await fixtures.anyOrganizationProfile();
      const response = await service.max.put<Json>(identity(organization.profileId, providerId), body());
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['profileId']);
    });

    it('refuses an unknown identification level with 400 on identificationLevelId', async () => {
      const anna = await fixtures.personProfile();
      const response = await service.max.put<Json>(
        identity(anna.profileId, providerId),
        body({ identificationLevelId: 2147483647 }),
      );
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        identificationLevelId: ['No identification level has the id 2147483647.'],
      });
      expect(await countOf(anna.profileId)).toBe(0);
    });

    it('answers 404 for an unknown profile or identity provider', async () => {
      const anna = await fixtures.personProfile();
      for (const url of [identity(2147483647, providerId), identity(anna.profileId, 2147483647)]) {
        const response = await service.max.put<Json>(url, body());
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ status: 404, correlationId: expect.any(String) });
      }
      expect(await countOf(anna.profileId)).toBe(0);
    });

    it.each([
      ['a missing identificationLevelId', { identificationLevelId: undefined }, 'identificationLevelId'],
      ['an identificationLevelId of 0', { identificationLevelId: 0 }, 'identificationLevelId'],
      ['a text identificationLevelId', { identificationLevelId: '1' }, 'identificationLevelId'],
      ['a missing externalId', { externalId: undefined }, 'externalId'],
      ['an empty externalId', { externalId: '' }, 'externalId'],
      ['an externalId over 50 characters', { externalId: 'e'.repeat(51) }, 'externalId'],
      ['a number as externalId', { externalId: 42 }, 'externalId'],
      ['an externalId with NUL', { externalId: 'a\u0000b' }, 'externalId'],
      ['metadata as an array', { metadata: ['a'] }, 'metadata'],
      ['metadata as a string', { metadata: 'a=b' }, 'metadata'],
      ['metadata with a number value', { metadata: { age: 42 } }, 'metadata'],
      ['metadata with a nested object', { metadata: { a: { b: 'c' } } }, 'metadata'],
      ['metadata with an empty key', { metadata: { '': 'x' } }, 'metadata'],
      ['metadata with a value over 1000 characters', { metadata: { a: 'v'.repeat(1001) } }, 'metadata'],
      [
        'metadata with 51 entries',
        { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) },
        'metadata',
      ],
      ['a missing createdBy', { createdBy: undefined }, 'createdBy'],
      ['a createdBy over 100 characters', { createdBy: 'c'.repeat(101) }, 'createdBy'],
    ])('refuses %s with 400 on the property and stores nothing', async (_case, overrides, path) => {
      const anna = await fixtures.personProfile();
      const response = await service.max.put<Json>(identity(anna.profileId, providerId), body(overrides));
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([path]);
      expect(await countOf(anna.profileId)).toBe(0);
    });

    it('reports several bad properties together', async () => {
      const anna = await fixtures.personProfile();
      const response = await service.max.put<Json>(identity(anna.profileId, providerId), {
        metadata: 5,
      });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors).sort()).toEqual([
        'createdBy',
        'externalId',
        'identificationLevelId',
        'metadata',
      ]);
    });

    it('never answers 500 to hostile field types or bodies', async () => {
      const anna = await fixtures.personProfile();
      for (const field of ['identificationLevelId', 'externalId', 'metadata', 'createdBy']) {
        for (const value of HOSTILE) {
          const response = await service.max.put(
            identity(anna.profileId, providerId),
            body({ [field]: value }),
          );
          expect([field, value, [200, 201, 400].includes(response.status)]).toEqual([field, value, true]);
        }
      }
      for (const rawBody of ['', '[]', 'null', '{', '"x"']) {
        const response = await service.max.put(identity(anna.profileId, providerId), undefined, { rawBody });
        expect(response.status).toBe(400);
      }
    });

    it('is for ProfileApi_Max only', async () => {
      const anna = await fixtures.personProfile();
      expect((await service.anonymous.put(identity(anna.profileId, providerId), body())).status).toBe(401);
      for (const caller of [service.low, service.medium, service.stranger]) {
        expect((await caller.put(identity(anna.profileId, providerId), body())).status).toBe(403);
      }
      expect(await countOf(anna.profileId)).toBe(0);
    });
  });

  describe('list', () => {
    it('lists only the profile identities, paged and ordered, under both versions', async () => {
      const anna = await fixtures.personProfile();
      const beat = await fixtures.personProfile();
      const first = (
        await service.max.put<Json>(identity(anna.profileId, providerId), body({ externalId: 'b' }))
      ).body;
      const second = (
        await service.max.put<Json>(identity(anna.profileId, otherProviderId), body({ externalId: 'a' }))
      ).body;
      await service.max.put(identity(beat.profileId, providerId), body());
      for (const version of [V10, V9]) {
        const all = await service.low.get<Json[]>(identities(anna.profileId, version));
        expect(all.status).toBe(200);
        expect(all.body.map((item) => item.id)).toEqual([first.id, second.id]);
        expect(all.headers.get('x-pagination-total-count')).toBe('2');
      }
      const ordered = await service.max.get<Json[]>(`${identities(anna.profileId)}?OrderBy=externalId`);
      expect(ordered.body.map((item) => item.id)).toEqual([second.id, first.id]);
      const page = await service.max.get<Json[]>(`${identities(anna.profileId)}?PageSize=1&PageNumber=2`);
      expect(page.body.map((item) => item.id)).toEqual([second.id]);
      expect(page.headers.get('x-pagination-previous-page-link')).toBe(
        `${identities(anna.profileId)}?PageSize=1&PageNumber=1`,
      );
      const head = await service.max.head(identities(anna.profileId));
      expect(head.status).toBe(200);
      expect(head.headers.get('x-pagination-total-count')).toBe('2');
    });

    it('answers an empty list for a profile without identities, and 404 for an unknown profile', async () => {
      const organization = await fixtures.anyOrganizationProfile();
      const empty = await service.max.get<Json[]>(identities(organization.profileId));
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual([]);
      const unknown = await service.max.get<Json>(identities(2147483647));
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toBe('No profile has the id 2147483647.');
    });

    it('expands the account (never its password) and the identification level', async () => {
      const anna = await fixtures.personProfile();
      await service.max.put(identity(anna.profileId, providerId), body());
      const [expanded] = (
        await service.max.get<Json[]>(
          `${identities(anna.profileId)}?Expand=account&Expand=IdentificationLevel`,
        )
      ).body;
      expect(expanded.account).toMatchObject({ id: anna.accountId, username: expect.any(String) });
      expect(expanded.account).not.toHaveProperty('password');
      expect(expanded.account).not.toHaveProperty('passwordHash');
      expect(expanded.identificationLevel).toMatchObject({ id: levelId, name: expect.any(String) });
      const [plain] = (await service.max.get<Json[]>(identities(anna.profileId))).body;
      expect(plain).not.toHaveProperty('account');
      expect(plain).not.toHaveProperty('identificationLevel');
      // GET /identities expands the account of the same identity.
      const found = await service.max.get<Json[]>(
        `${V10}/identities?ExternalId=${expanded.externalId}&Expand=Account`,
      );
      expect(found.body).toEqual([{ ...plain, account: expanded.account }]);
    });

    it('projects: Low and Medium see ids, Select keeps what it names', async () => {
      const anna = await fixtures.personProfile();
      const created = (await service.max.put<Json>(identity(anna.profileId, providerId), body())).body;
      for (const caller of [service.low, service.medium]) {
        expect((await caller.get<Json[]>(`${identities(anna.profileId)}?Expand=Account`)).body).toEqual([
          { id: created.id },
        ]);
      }
      const selected = await service.max.get<Json[]>(
        `${identities(anna.profileId)}?Expand=Account&Select=externalId,account.username`,
      );
      expect(selected.body).toEqual([
        {
          id: created.id,
          externalId: created.externalId,
          account: { id: anna.accountId, username: expect.any(String) },
        },
      ]);
    });

    it.each([
      ['Expand=Profile', 'Expand'],
      ['OrderBy=metadata.x', 'OrderBy'],
      ['PageSize=0', 'PageSize'],
      ['Select=colour', 'Select'],
      ['Limited=3', 'Limited'],
    ])('answers %s with 400 on %s', async (query, parameter) => {
      const anna = await fixtures.personProfile();
      const response = await service.max.get<Json>(`${identities(anna.profileId)}?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([parameter]);
    });

    it.each(['abc', '0', '-1', '2147483648', '1.5'])('answers 400 on profileId for the id %s', async (id) => {
      const response = await service.max.get<Json>(identities(id));
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['profileId']);
    });

    it('answers 401 and 403 to the wrong callers', async () => {
      const anna = await fixtures.personProfile();
      expect((await service.anonymous.get(identities(anna.profileId))).status).toBe(401);
      expect((await service.stranger.get(identities(anna.profileId))).status).toBe(403);
    });
  });

  describe('delete', () => {
    it('unlinks with 204 under both versions, then answers 404; other links stay', async () => {
      for (const version of [V10, V9]) {
        const anna = await fixtures.personProfile();
        await service.max.put(identity(anna.profileId, providerId), body());
        const kept = (await service.max.put<Json>(identity(anna.profileId, otherProviderId), body())).body;
        const deleted = await service.max.delete(identity(anna.profileId, providerId, version));
        expect(deleted.status).toBe(204);
        expect(deleted.text).toBe('');
        expect((await service.max.get<Json[]>(identities(anna.profileId))).body).toEqual([kept]);
        const again = await service.max.delete<Json>(identity(anna.profileId, providerId));
        expect(again.status).toBe(404);
        expect(again.body.detail).toBe(
          `The profile ${anna.profileId} has no identity at the identity provider ${providerId}.`,
        );
      }
    });

    it('answers 404 for an unknown profile or provider, 400 for a malformed id, 403 below Max', async () => {
      const anna = await fixtures.personProfile();
      await service.max.put(identity(anna.profileId, providerId), body());
      expect((await service.max.delete(identity(2147483647, providerId))).status).toBe(404);
      expect((await service.max.delete(identity(anna.profileId, 2147483647))).status).toBe(404);
      const malformed = await service.max.delete<Json>(identity(anna.profileId, 'x'));
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.errors)).toEqual(['identityProviderId']);
      for (const caller of [service.low, service.medium]) {
        expect((await caller.delete(identity(anna.profileId, providerId))).status).toBe(403);
      }
      expect(await countOf(anna.profileId)).toBe(1);
    });
  });
});
