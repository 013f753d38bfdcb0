import { DataSource } from 'typeorm';

import { HOSTILE } from './support/crud-conformance';
import { Fixtures } from './support/fixtures';
import { jpeg, NOT_PICTURES, png, WEBP } from './support/images';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MIB = 1024 * 1024;

describe('profile-service picture of a profile (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let fixtures: Fixtures;
  let dataSource: DataSource;

  beforeAll(async () => {
    service = await startProfileService('profile_pictures');
    dataSource = service.app.get(DataSource);
    fixtures = new Fixtures(dataSource);
  });

  afterAll(async () => {
    await service?.close();
  });

  const picture = (profileId: number | string, version = V10) => `${version}/profiles/${profileId}/picture`;
  const body = (image: Buffer | null, overrides: Json = {}): Json => ({
    customImageBytesEncoded: image?.toString('base64') ?? null,
    defaultImageUrl: '/img/person.svg',
    defaultSmallImageUrl: '/img/person-small.svg',
    createdBy: 'alice',
    ...overrides,
  });
  const storedRows = async (profileId: number): Promise<number> =>
    (
      await dataSource.query<{ count: string }[]>(
        'SELECT count(*) AS count FROM profile_picture WHERE profile_id = $1',
        [profileId],
      )
    ).map((row) => Number(row.count))[0];

  describe('write and read', () => {
    it.each([
      ['a PNG', png(4, 4), 'image/png'],
      ['a JPEG', jpeg(16, 8), 'image/jpeg'],
      ['a lossless WebP', WEBP.lossless, 'image/webp'],
      ['a lossy WebP', WEBP.lossy, 'image/webp'],
      ['an extended WebP', WEBP.extended, 'image/webp'],
    ])(
      'stores %s with 201, its type read from the content, and reads it back with its bytes',
      async (_case, image, type) => {
        const { profileId } = await fixtures.personProfile();
        const created = await service.max.put<Json>(
          picture(profileId),
          body(image, { uniqueId: 'mine', id: 7 }),
        );
        expect(created.status).toBe(201);
        expect(created.body).toEqual({
          id: expect.any(Number),
          profileId,
          uniqueId: expect.stringMatching(UUID),
          customImageType: type,
          defaultImageUrl: '/img/person.svg',
          defaultSmallImageUrl: '/img/person-small.svg',
          createdBy: 'alice',
          createStamp: expect.stringMatching(ISO_UTC),
          updatedBy: 'alice',
          updateStamp: created.body.createStamp,
        });
        for (const version of [V10, V9]) {
          const read = await service.max.get<Json>(picture(profileId, version));
          expect(read.status).toBe(200);
          expect(read.body).toEqual({ ...created.body, customImageBytesEncoded: image.toString('base64') });
        }
      },
    );

    it('replaces the picture with 200 and a new uniqueId; the creation stays', async () => {
      const { profileId } = await fixtures.personProfile();
      const created = (await service.max.put<Json>(picture(profileId), body(png()))).body;
      const replaced = await service.max.put<Json>(
        picture(profileId),
        body(jpeg(), { defaultImageUrl: null, defaultSmallImageUrl: undefined, createdBy: 'bob' }),
      );
      expect(replaced.status).toBe(200);
      expect(replaced.body).toEqual({
        ...created,
        uniqueId: expect.stringMatching(UUID),
        customImageType: 'image/jpeg',
        defaultImageUrl: null,
        defaultSmallImageUrl: null,
        updatedBy: 'bob',
        updateStamp: expect.stringMatching(ISO_UTC),
      });
      expect(replaced.body.uniqueId).not.toBe(created.uniqueId);
      expect((await service.max.get<Json>(picture(profileId))).body.customImageBytesEncoded).toBe(
        jpeg().toString('base64'),
      );
      expect(await storedRows(profileId)).toBe(1);
    });

    it('keeps a picture without a custom image (default URLs only), for organizations too', async () => {
      const { profileId } = await fixtures.anyOrganizationProfile();
      const created = await service.max.put<Json>(picture(profileId), body(null));
      expect(created.status).toBe(201);
      expect(created.body.customImageType).toBeNull();
      const read = await service.max.get<Json>(picture(profileId));
      expect(read.body).toMatchObject({ customImageType: null, customImageBytesEncoded: null });
      // A later write without an image drops the custom image.
      await service.max.put(picture(profileId), body(png()));
      await service.max.put(picture(profileId), { createdBy: 'bob' });
      expect((await service.max.get<Json>(picture(profileId))).body).toMatchObject({
        customImageType: null,
        customImageBytesEncoded: null,
        defaultImageUrl: null,
      });
    });

    it('accepts the declared type when it matches the content', async () => {
      const { profileId } = await fixtures.personProfile();
      const response = await service.max.put<Json>(
        picture(profileId),
        body(WEBP.lossy, { customImageType: 'image/webp' }),
      );
      expect(response.status).toBe(201);
    });

    it('accepts an image of exactly 1 MiB and refuses 1 MiB + 1 byte with 400 on customImageBytesEncoded', async () => {
      const { profileId } = await fixtures.personProfile();
      const largest = png(100, 100, MIB);
      expect(largest.length).toBe(MIB);
      const accepted = await service.max.put<Json>(picture(profileId), body(largest));
      expect(accepted.status).toBe(201);
      expect((await service.max.get<Json>(picture(profileId))).body.customImageBytesEncoded).toBe(
        largest.toString('base64'),
      );
      const tooLarge = png(100, 100, MIB + 1);
      const refused = await service.max.put<Json>(picture(profileId), body(tooLarge, { createdBy: 'bob' }));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        customImageBytesEncoded: [
          `customImageBytesEncoded holds ${MIB + 1} bytes; a picture may have at most ${MIB} (1 MiB)`,
        ],
      });
      expect((await service.max.get<Json>(picture(profileId))).body.updatedBy).toBe('alice');
    });

    it('answers 413 to a body beyond the route limit of 1.5 MiB, and 413 elsewhere beyond 1 MiB', async () => {
      const { profileId } = await fixtures.personProfile();
      const huge = await service.max.put<Json>(picture(profileId), {
        ...body(null),
        defaultImageUrl: 'x'.repeat(1.6 * MIB),
      });
      expect(huge.status).toBe(413);
      expect(huge.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const elsewhere = await service.max.put<Json>(`${V10}/profiles/${profileId}/identities/1`, {
        createdBy: 'x'.repeat(1.2 * MIB),
      });
      expect(elsewhere.status).toBe(413);
      expect(await storedRows(profileId)).toBe(0);
    });
  });

  describe('refusals', () => {
    it.each(Object.entries(NOT_PICTURES))(
      'refuses %s with 400 on customImageBytesEncoded and stores nothing',
      async (_case, bytes) => {
        const { profileId } = await fixtures.personProfile();
        const response = await service.max.put<Json>(picture(profileId), body(bytes));
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual(['customImageBytesEncoded']);
        expect(await storedRows(profileId)).toBe(0);
      },
    );

    it.each([
      ['text that is not base64', 'not base64!'],
      ['base64url', png().toString('base64url')],
      ['base64 without padding', WEBP.lossless.toString('base64').replace(/=+$/, '')],
      [
        'base64 with line breaks',
        png()
          .toString('base64')
          .replace(/(.{8})/g, '$1\n'),
      ],
      ['a data URI', `data:image/png;base64,${png().toString('base64')}`],
      ['a string past the base64 length of 1 MiB', 'A'.repeat(4 * Math.ceil(MIB / 3) + 4)],
    ])('refuses %s with 400 on customImageBytesEncoded', async (_case, encoded) => {
      const { profileId } = await fixtures.personProfile();
      const response = await service.max.put<Json>(picture(profileId), {
        ...body(null),
        customImageBytesEncoded: encoded,
      });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['customImageBytesEncoded']);
    });

    it('refuses a declared type that differs from the content, or one without an image, with 400 on customImageType', async () => {
      const { profileId } = await fixtures.personProfile();
      for (const sent of [
        body(png(), { customImageType: 'image/jpeg' }),
        body(null, { customImageType: 'image/png' }),
        body(png(), { customImageType: 'image/gif' }),
        body(png(), { customImageType: 'image/svg+xml' }),
      ]) {
        const response = await service.max.put<Json>(picture(profileId), sent);
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual(['customImageType']);
      }
      expect(await storedRows(profileId)).toBe(0);
    });

    it.each([
      ['a missing createdBy', { createdBy: undefined }, 'createdBy'],
      ['a defaultImageUrl over 400 characters', { defaultImageUrl: 'u'.repeat(401) }, 'defaultImageUrl'],
      ['a numeric defaultSmallImageUrl', { defaultSmallImageUrl: 5 }, 'defaultSmallImageUrl'],
      ['an image that is a number', { customImageBytesEncoded: 5 }, 'customImageBytesEncoded'],
    ])('refuses %s with 400 on the property', async (_case, overrides, path) => {
      const { profileId } = await fixtures.personProfile();
      const response = await service.max.put<Json>(picture(profileId), body(png(), overrides));
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([path]);
      expect(await storedRows(profileId)).toBe(0);
    });

    it('answers 415 to a body that is not JSON (an image posted as is)', async () => {
      const { profileId } = await fixtures.personProfile();
      const response = await service.max.put(picture(profileId), undefined, {
        rawBody: png(),
        contentType: 'image/png',
      });
      expect(response.status).toBe(415);
    });

    it('never answers 500 to hostile field types', async () => {
      const { profileId } = await fixtures.personProfile();
      for (const field of ['customImageBytesEncoded', 'customImageType', 'defaultImageUrl', 'createdBy']) {
        for (const value of HOSTILE) {
          const response = await service.max.put(picture(profileId), body(png(), { [field]: value }));
          expect([field, value, [200, 201, 400].includes(response.status)]).toEqual([field, value, true]);
        }
      }
    });
  });

  describe('not found, delete, roles and levels', () => {
    it('answers 404 for an unknown profile and for a profile without a picture', async () => {
      const { profileId } = await fixtures.personProfile();
      const none = await service.max.get<Json>(picture(profileId));
      expect(none.status).toBe(404);
      expect(none.body.detail).toBe(`The profile ${profileId} has no picture.`);
      for (const response of [
        await service.max.get<Json>(picture(2147483647)),
        await service.max.put<Json>(picture(2147483647), body(png())),
        await service.max.delete<Json>(picture(2147483647)),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body.detail).toBe('No profile has the id 2147483647.');
      }
      const malformed = await service.max.get<Json>(picture('abc'));
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.errors)).toEqual(['profileId']);
    });

    it('deletes with 204 under both versions, then answers 404', async () => {
      for (const version of [V10, V9]) {
        const { profileId } = await fixtures.personProfile();
        await service.max.put(picture(profileId), body(png()));
        const deleted = await service.max.delete(picture(profileId, version));
        expect(deleted.status).toBe(204);
        expect((await service.max.get(picture(profileId))).status).toBe(404);
        expect((await service.max.delete(picture(profileId))).status).toBe(404);
      }
    });

    it('lets every ProfileApi role read, projected by level, and only ProfileApi_Max write', async () => {
      const { profileId } = await fixtures.personProfile();
      const created = (await service.max.put<Json>(picture(profileId), body(png()))).body;
      for (const caller of [service.low, service.medium]) {
        expect((await caller.get<Json>(picture(profileId))).body).toEqual({ id: created.id });
        expect((await caller.put(picture(profileId), body(png()))).status).toBe(403);
        expect((await caller.delete(picture(profileId))).status).toBe(403);
      }
      expect((await service.anonymous.get(picture(profileId))).status).toBe(401);
      expect((await service.stranger.get(picture(profileId))).status).toBe(403);
      expect((await service.max.get<Json>(`${picture(profileId)}?Limited=1`)).body).toEqual({
        id: created.id,
      });
      expect((await service.max.get<Json>(`${picture(profileId)}?Select=uniqueId`)).body).toEqual({
        id: created.id,
        uniqueId: created.uniqueId,
      });
      expect((await service.max.get<Json>(`${picture(profileId)}?Select=colour`)).status).toBe(400);
    });

    it('goes with its profile', async () => {
      const { profileId } = await fixtures.personProfile();
      await service.max.put(picture(profileId), body(png()));
      await dataSource.query('DELETE FROM profile WHERE id = $1', [profileId]);
      expect(await storedRows(profileId)).toBe(0);
    });
  });
});
