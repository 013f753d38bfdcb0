import { DataSource } from 'typeorm';

import { HOSTILE } from './support/crud-conformance';
import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

const MERGE_PATCH = { contentType: 'application/merge-patch+json' };
const DAY = 24 * 60 * 60 * 1000;

describe('profile-service procurations, outbound and inbound (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let fixtures: Fixtures;
  let dataSource: DataSource;

  beforeAll(async () => {
    service = await startProfileService('procurations');
    dataSource = service.app.get(DataSource);
    fixtures = new Fixtures(dataSource);
  });

  afterAll(async () => {
    await service?.close();
  });

  const outbound = (principal: number | string, representative: number | string, version = V10) =>
    `${version}/profiles/${principal}/outbound-procurations/${representative}`;
  const inbound = (representative: number | string, principal: number | string, version = V10) =>
    `${version}/profiles/${representative}/inbound-procurations/${principal}`;
  const person = async () => (await fixtures.personProfile()).profileId;
  const organization = async () => (await fixtures.anyOrganizationProfile()).profileId;
  const procurationRows = async (principal: number): Promise<Json[]> =>
    dataSource.query(
      `SELECT representative_profile_id, delegator_profile_id, person_in_organization_function, representative_email
         FROM procuration WHERE principal_profile_id = $1 ORDER BY id`,
      [principal],
    );

  describe('create (POST)', () => {
    it('creates with 201 and the computed validity, under both versions', async () => {
      for (const version of [V10, V9]) {
        const [principal, representative] = [await organization(), await person()];
        const before = Date.now();
        const created = await service.max.post<Json>(outbound(principal, representative, version), {
          personInOrganizationFunction: 'Collaborator',
          representativeEmail: 'anna@example.ch',
          delegationMode: 'Unitary',
          createdBy: 'alice',
        });
        expect(created.status).toBe(201);
        const body = created.body;
        expect(body).toMatchObject({
          principalProfileId: principal,
          representativeProfileId: representative,
          delegatorProfileId: null,
          removalDate: null,
          renewalState: 'Active',
          isRenewable: false,
          isUsable: true,
          representativeEmail: 'anna@example.ch',
          personInOrganizationFunction: 'Collaborator',
          isPersonInOrganizationPendingDelete: false,
          delegationMode: 'Unitary',
          createdBy: 'alice',
        });
        const start = Date.parse(body.validityStartStamp);
        expect(start).toBeGreaterThanOrEqual(before - 1000);
        expect(Date.parse(body.validityEndStamp) - start).toBe(365 * DAY);
        expect(Date.parse(body.validityEndStamp) - Date.parse(body.renewableFromDate)).toBe(30 * DAY);
      }
    });

    it('answers 400 when it exists, and changes nothing', async () => {
      const [principal, representative] = [await person(), await person()];
      expect((await service.max.post(outbound(principal, representative), { createdBy: 'a' })).status).toBe(
        201,
      );
      const again = await service.max.post<Json>(outbound(principal, representative), {
        representativeEmail: 'other@example.ch',
        createdBy: 'b',
      });
      expect(again.status).toBe(400);
      expect(Object.keys(again.body.errors)).toEqual(['representativeProfileId']);
      expect(await procurationRows(principal)).toEqual([
        {
          representative_profile_id: representative,
          delegator_profile_id: null,
          person_in_organization_function: null,
          representative_email: null,
        },
      ]);
    });

    it('answers 400 when principal and representative are the same profile', async () => {
      const principal = await person();
      const response = await service.max.post<Json>(outbound(principal, principal), { createdBy: 'a' });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['representativeProfileId']);
      expect(await procurationRows(principal)).toEqual([]);
    });

    it('refuses personInOrganizationFunction unless organization to person', async () => {
      for (const [principal, representative] of [
        [await person(), await person()],
        [await organization(), await organization()],
        [await person(), await organization()],
      ]) {
        const response = await service.max.post<Json>(outbound(principal, representative), {
          personInOrganizationFunction: 'Collaborator',
          createdBy: 'a',
        });
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual(['personInOrganizationFunction']);
        expect(await procurationRows(principal)).toEqual([]);
      }
    });

    it('refuses isPersonInOrganizationPendingDelete unless for an Owner of an organization', async () => {
      const principal = await organization();
      const representative = await person();
      for (const fn of [undefined, 'Manager', 'Collaborator']) {
        const response = await service.max.post<Json>(outbound(principal, representative), {
          personInOrganizationFunction: fn,
          isPersonInOrganizationPendingDelete: true,
          createdBy: 'a',
        });
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual(['isPersonInOrganizationPendingDelete']);
      }
      expect(await procurationRows(principal)).toEqual([]);
      const owner = await service.max.post<Json>(outbound(principal, representative), {
        personInOrganizationFunction: 'Owner',
        isPersonInOrganizationPendingDelete: true,
        createdBy: 'a',
      });
      expect(owner.status).toBe(201);
      expect(owner.body.isPersonInOrganizationPendingDelete).toBe(true);
    });

    it('answers 404 naming the missing profile, 400 on malformed ids', async () => {
      const known = await person();
      const missingPrincipal = await service.max.post<Json>(outbound(2147483647, known), { createdBy: 'a' });
      expect([missingPrincipal.status, missingPrincipal.body.detail]).toEqual([
        404,
        'No profile has the id 2147483647.',
      ]);
      const missingRepresentative = await service.max.post<Json>(outbound(known, 2147483646), {
        createdBy: 'a',
      });
      expect([missingRepresentative.status, missingRepresentative.body.detail]).toEqual([
        404,
        'No profile has the id 2147483646.',
      ]);
      const missingDelegator = await service.max.post<Json>(
        `${outbound(known, await person())}?DelegatorProfileId=2147483645`,
        { createdBy: 'a' },
      );
      expect(missingDelegator.status).toBe(404);
      for (const [url, path] of [
        [outbound('x', known), 'principalProfileId'],
        [outbound(known, '0'), 'representativeProfileId'],
        [`${outbound(known, known + 1)}?DelegatorProfileId=abc`, 'DelegatorProfileId'],
      ]) {
        const response = await service.max.post<Json>(url, { createdBy: 'a' });
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual([path]);
      }
    });

    it.each([
      ['an unknown function', { personInOrganizationFunction: 'Boss' }, 'personInOrganizationFunction'],
      ['a malformed email', { representativeEmail: 'not-an-email' }, 'representativeEmail'],
      ['an unknown delegation mode', { delegationMode: 'Partial' }, 'delegationMode'],
      ['a malformed start', { validityStartStamp: 'yesterday' }, 'validityStartStamp'],
      ['a missing createdBy', { createdBy: undefined }, 'createdBy'],
    ])('refuses %s with 400 on the property', async (_case, overrides, path) => {
      const [principal, representative] = [await organization(), await person()];
      const response = await service.max.post<Json>(outbound(principal, representative), {
        createdBy: 'a',
        ...overrides,
      });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([path]);
      expect(await procurationRows(principal)).toEqual([]);
    });

    it('never answers 500 to hostile field types', async () => {
      const [principal, representative] = [await organization(), await person()];
      for (const field of [
        'validityStartStamp',
        'personInOrganizationFunction',
        'isPersonInOrganizationPendingDelete',
        'representativeEmail',
        'delegationMode',
        'createdBy',
      ]) {
        for (const value of HOSTILE) {
          const response = await service.max.post(outbound(principal, representative), {
            createdBy: 'a',
            [field]: value,
          });
          expect([field, value, [201, 400].includes(response.status)]).toEqual([field, value, true]);
          if (response.status === 201) await service.max.delete(outbound(principal, representative));
        }
      }
    });

    it('creates the delegated variant beside the direct one', async () => {
      const [principal, representative, delegator] = [await person(), await person(), await person()];
      expect((await service.max.post(outbound(principal, representative), { createdBy: 'a' })).status).toBe(
        201,
      );
      const delegated = await service.max.post<Json>(
        `${outbound(principal, representative)}?delegatorProfileId=${delegator}`,
        { createdBy: 'a' },
      );
      expect(delegated.status).toBe(201);
      // The delegator is part of the procuration's key: its URL, query included.
      expect(delegated.headers.get('location')).toBe(
        `${outbound(principal, representative)}?delegatorProfileId=${delegator}`,
      );
      expect(delegated.body.delegatorProfileId).toBe(delegator);
      const selfDelegated = await service.max.post<Json>(
        `${outbound(principal, representative)}?DelegatorProfileId=${principal}`,
        { createdBy: 'a' },
      );
      expect(selfDelegated.status).toBe(400);
      expect((await procurationRows(principal)).map((row) => row.delegator_profile_id)).toEqual([
        null,
        delegator,
      ]);
      const read = await service.max.get<Json>(
        `${outbound(principal, representative)}?DelegatorProfileId=${delegator}`,
      );
      expect(read.body.id).toBe(delegated.body.id);
    });
  });

  describe('deprecated upsert (PUT)', () => {
    it('creates with 201, then replaces with 200, with Deprecation and a Link to the create', async () => {
      const [principal, representative] = [await organization(), await person()];
      const url = outbound(principal, representative);
      const created = await service.max.put<Json>(url, {
        representativeEmail: 'a@example.ch',
        createdBy: 'a',
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('deprecation')).toMatch(/^@\d+$/);
      expect(created.headers.get('link')).toBe(
        `</demo/v10-0/profiles/${principal}/outbound-procurations/${representative}>; rel="successor-version"; title="POST creates"`,
      );
      const replaced = await service.max.put<Json>(url, { delegationMode: 'Global', createdBy: 'b' });
      expect(replaced.status).toBe(200);
      expect(replaced.headers.get('deprecation')).toMatch(/^@\d+$/);
      expect(replaced.body).toMatchObject({
        id: created.body.id,
        representativeEmail: null,
        delegationMode: 'Global',
        createdBy: 'a',
        updatedBy: 'b',
      });
      expect(replaced.body).toEqual((await service.max.get<Json>(url)).body);
    });
  });

  describe('merge-patch (PATCH)', () => {
    it('answers 415 for application/json and any other media type, changing nothing', async () => {
      const [principal, representative] = [await organization(), await person()];
      await service.max.post(outbound(principal, representative), { createdBy: 'a' });
      for (const contentType of ['application/json', 'text/plain']) {
        const body = { hasBeenRenewed: true, updatedBy: 'b' };
        for (const url of [outbound(principal, representative), inbound(representative, principal)]) {
          const response = await service.max.patch<Json>(
            url,
            contentType === 'text/plain' ? JSON.stringify(body) : body,
            { contentType },
          );
          expect([url, contentType, response.status]).toEqual([url, contentType, 415]);
          expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
        }
      }
      // JSON-only elsewhere: merge-patch on a POST is a 415 too.
      const post = await service.max.post(
        outbound(principal, await person()),
        { createdBy: 'a' },
        MERGE_PATCH,
      );
      expect(post.status).toBe(415);
      const [row] = await dataSource.query(
        'SELECT updated_by FROM procuration WHERE principal_profile_id = $1',
        [principal],
      );
      expect(row.updated_by).toBe('a');
    });

    it('applies the wrappers, leaves absent and isValuePresent:false fields, and renews', async () => {
      const [principal, representative] = [await organization(), await person()];
      const created = (
        await service.max.post<Json>(outbound(principal, representative), {
          personInOrganizationFunction: 'Collaborator',
          createdBy: 'a',
        })
      ).body;
      const kept = await service.max.patch<Json>(
        outbound(principal, representative),
        { personInOrganizationFunction: { isValuePresent: false, value: 'Owner' }, updatedBy: 'b' },
        MERGE_PATCH,
      );
      expect(kept.status).toBe(200);
      expect(kept.body.personInOrganizationFunction).toBe('Collaborator');
      const before = Date.now();
      const patched = await service.max.patch<Json>(
        outbound(principal, representative),
        {
          personInOrganizationFunction: { isValuePresent: true, value: 'Owner' },
          isPersonInOrganizationPendingDelete: true,
          hasBeenRenewed: true,
          renewalState: { isValuePresent: true, value: 'Renewed' },
          updatedBy: 'c',
        },
        MERGE_PATCH,
      );
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({
        personInOrganizationFunction: 'Owner',
        isPersonInOrganizationPendingDelete: true,
        renewalState: 'Renewed',
        updatedBy: 'c',
        validityStartStamp: created.validityStartStamp,
      });
      // max(now, end) + 365 days: the end lay ahead, so it moves by a year.
      expect(Date.parse(patched.body.validityEndStamp) - Date.parse(created.validityEndStamp)).toBe(
        365 * DAY,
      );
      expect(Date.parse(patched.body.validityEndStamp) - Date.parse(patched.body.renewableFromDate)).toBe(
        30 * DAY,
      );
      expect(Date.parse(patched.body.updateStamp)).toBeGreaterThanOrEqual(before - 1000);
      // The answer is built from the row the write changed, not read again: it is what a read finds.
      expect(patched.body).toEqual((await service.max.get<Json>(outbound(principal, representative))).body);
      const cleared = await service.max.patch<Json>(
        outbound(principal, representative),
        { personInOrganizationFunction: { isValuePresent: true, value: null }, updatedBy: 'd' },
        MERGE_PATCH,
      );
      // Pending delete without an Owner is refused.
      expect(cleared.status).toBe(400);
      expect(Object.keys(cleared.body.errors)).toEqual(['isPersonInOrganizationPendingDelete']);
    });

    it('renews an expired procuration from now, and computes isRenewable and isUsable from the stamps', async () => {
      const [principal, representative] = [await person(), await person()];
      const longAgo = new Date(Date.now() - 400 * DAY).toISOString();
      const created = await service.max.post<Json>(outbound(principal, representative), {
        validityStartStamp: longAgo,
        createdBy: 'a',
      });
      expect(created.body).toMatchObject({ isRenewable: true, isUsable: false });
      const before = Date.now();
      const renewed = await service.max.patch<Json>(
        outbound(principal, representative),
        { hasBeenRenewed: true, updatedBy: 'b' },
        MERGE_PATCH,
      );
      expect(renewed.body).toMatchObject({ isRenewable: false, isUsable: true });
      const end = Date.parse(renewed.body.validityEndStamp);
      expect(end).toBeGreaterThanOrEqual(before + 365 * DAY - 1000);
      expect(end).toBeLessThanOrEqual(Date.now() + 365 * DAY);
      // Disabling the representative makes it unusable on the next read; nothing stored changes.
      await dataSource.query('UPDATE profile SET is_enabled = false WHERE id = $1', [representative]);
      expect((await service.max.get<Json>(outbound(principal, representative))).body.isUsable).toBe(false);
      await dataSource.query('UPDATE profile SET is_enabled = true WHERE id = $1', [representative]);
      expect((await service.max.get<Json>(outbound(principal, representative))).body.isUsable).toBe(true);
    });

    it('refuses a start after the end, bad wrappers and a missing updatedBy with 400 on the path', async () => {
      const [principal, representative] = [await organization(), await person()];
      await service.max.post(outbound(principal, representative), { createdBy: 'a' });
      for (const [body, path] of [
        [
          { validityStartStamp: new Date(Date.now() + 500 * DAY).toISOString(), updatedBy: 'b' },
          'validityStartStamp',
        ],
        [
          { personInOrganizationFunction: { isValuePresent: true, value: 'Boss' }, updatedBy: 'b' },
          'personInOrganizationFunction.value',
        ],
        [
          { personInOrganizationFunction: { value: 'Owner' }, updatedBy: 'b' },
          'personInOrganizationFunction.isValuePresent',
        ],
        [{ personInOrganizationFunction: 'Owner', updatedBy: 'b' }, 'personInOrganizationFunction'],
        [{ renewalState: { isValuePresent: true, value: null }, updatedBy: 'b' }, 'renewalState.value'],
        [{ hasBeenRenewed: 'yes', updatedBy: 'b' }, 'hasBeenRenewed'],
        [{ hasBeenRenewed: true }, 'updatedBy'],
      ] as const) {
        const response = await service.max.patch<Json>(
          outbound(principal, representative),
          body,
          MERGE_PATCH,
        );
        expect([path, response.status]).toEqual([path, 400]);
        expect(Object.keys(response.body.errors)).toEqual([path]);
      }
      const [row] = await dataSource.query(
        'SELECT updated_by FROM procuration WHERE principal_profile_id = $1',
        [principal],
      );
      expect(row.updated_by).toBe('a');
    });

    it('patches the inbound side: representativeEmail (null clears) and delegationMode', async () => {
      const [principal, representative] = [await organization(), await person()];
      await service.max.post(outbound(principal, representative), {
        representativeEmail: 'a@example.ch',
        delegationMode: 'Unitary',
        createdBy: 'a',
      });
      const patched = await service.max.patch<Json>(
        inbound(representative, principal, V9),
        { delegationMode: { isValuePresent: true, value: 'Global' }, updatedBy: 'rep' },
        MERGE_PATCH,
      );
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ representativeEmail: 'a@example.ch', delegationMode: 'Global' });
      const cleared = await service.max.patch<Json>(
        inbound(representative, principal),
        {
          representativeEmail: null,
          delegationMode: { isValuePresent: true, value: null },
          updatedBy: 'rep',
        },
        MERGE_PATCH,
      );
      expect(cleared.body).toMatchObject({
        representativeEmail: null,
        delegationMode: null,
        updatedBy: 'rep',
      });
      expect(cleared.body).toEqual((await service.max.get<Json>(inbound(representative, principal))).body);
      const unknown = await service.max.patch<Json>(
        inbound(representative, await organization()),
        { updatedBy: 'rep' },
        MERGE_PATCH,
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toMatch(
        /^No procuration from the profile \d+ to the profile \d+ without delegator\.$/,
      );
    });

    it('never answers 500 to hostile patch bodies', async () => {
      const [principal, representative] = [await organization(), await person()];
      await service.max.post(outbound(principal, representative), { createdBy: 'a' });
      for (const field of [
        'validityStartStamp',
        'personInOrganizationFunction',
        'hasBeenRenewed',
        'renewalState',
      ]) {
        for (const value of [...HOSTILE, { isValuePresent: true, value: HOSTILE[0] }]) {
          const response = await service.max.patch(
            outbound(principal, representative),
            { updatedBy: 'a', [field]: value },
            MERGE_PATCH,
          );
          expect([field, value, [200, 400].includes(response.status)]).toEqual([field, value, true]);
        }
      }
      for (const body of ['[]', '"text"', '42', 'null', '{"updatedBy": "a", "__proto__": {"x": 1}}']) {
        for (const url of [outbound(principal, representative), inbound(representative, principal)]) {
          const response = await service.max.patch(url, undefined, { ...MERGE_PATCH, rawBody: body });
          expect([url, body, response.status]).toEqual([url, body, 400]);
        }
      }
      for (const field of ['representativeEmail', 'delegationMode']) {
        for (const value of HOSTILE) {
          const response = await service.max.patch(
            inbound(representative, principal),
            { updatedBy: 'a', [field]: value },
            MERGE_PATCH,
          );
          expect([field, value, [200, 400].includes(response.status)]).toEqual([field, value, true]);
        }
      }
    });
  });

  describe('read, expand and delete', () => {
    it('reads outbound and inbound with every ProcurationsExpand value', async () => {
      const principal = await organization();
      const { profileId: representative } = await fixtures.personProfile();
      const delegator = await organization();
      const created = (
        await service.max.post<Json>(
          `${outbound(principal, representative)}?DelegatorProfileId=${delegator}`,
          {
            createdBy: 'a',
          },
        )
      ).body;
      const expand = [
        'PrincipalProfile',
        'RepresentativeProfile',
        'DelegatorProfile',
        'PrincipalProfile_Person',
        'RepresentativeProfile_Person',
        'PrincipalProfile_Organization',
        'RepresentativeProfile_Organization',
        'DelegatorProfile_Organization',
        'PrincipalProfile_ProfilePicture',
        'RepresentativeProfile_ProfilePicture',
        'ProcurationServices',
        'ProcurationInvite',
      ].join(',');
      for (const url of [
        `${outbound(principal, representative)}?DelegatorProfileId=${delegator}&Expand=${expand}`,
        `${inbound(representative, principal, V9)}?DelegatorProfileId=${delegator}&Expand=${expand}`,
      ]) {
        const read = await service.max.get<Json>(url);
        expect(read.status).toBe(200);
        expect(read.body).toMatchObject({ ...created, updateStamp: expect.any(String) });
        expect(read.body.principalProfile).toMatchObject({
          id: principal,
          person: null,
          profilePicture: null,
        });
        expect(read.body.principalProfile.organization).toMatchObject({
          name: expect.stringMatching(/^Muster AG/),
        });
        expect(read.body.representativeProfile).toMatchObject({ id: representative, organization: null });
        expect(read.body.representativeProfile.person).toMatchObject({ firstname: 'Anna' });
        expect(read.body.delegatorProfile.id).toBe(delegator);
        expect(read.body.delegatorProfile.organization).toBeTruthy();
        expect(read.body.procurationServices).toEqual([]);
        expect(read.body.procurationInvite).toBeNull();
      }
      const plain = await service.max.get<Json>(
        `${outbound(principal, representative)}?DelegatorProfileId=${delegator}`,
      );
      expect(plain.body.principalProfile).toBeUndefined();
      const bad = await service.max.get<Json>(`${outbound(principal, representative)}?Expand=Everything`);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['Expand']);
    });

    it('projects at the caller level', async () => {
      const [principal, representative] = [await person(), await person()];
      await service.max.post(outbound(principal, representative), {
        representativeEmail: 'x@example.ch',
        createdBy: 'a',
      });
      const low = await service.low.get<Json>(outbound(principal, representative));
      expect(low.status).toBe(200);
      expect(low.body.representativeEmail).toBeUndefined();
      expect(low.body.id).toEqual(expect.any(Number));
      expect((await service.low.post(outbound(principal, await person()), { createdBy: 'a' })).status).toBe(
        403,
      );
      expect((await service.anonymous.get(outbound(principal, representative))).status).toBe(401);
      // Reads for every ProfileApi role; writes, inbound ones included, for ProfileApi_Max only.
      for (const caller of [service.low, service.medium]) {
        expect((await caller.get(inbound(representative, principal))).status).toBe(200);
        expect((await caller.get(`${outbound(principal, representative)}/services`)).status).toBe(200);
        expect(
          (await caller.patch(inbound(representative, principal), { updatedBy: 'x' }, MERGE_PATCH)).status,
        ).toBe(403);
        expect((await caller.delete(inbound(representative, principal))).status).toBe(403);
        expect(
          (await caller.put(`${inbound(representative, principal)}/favorite-services/1`, { createdBy: 'x' }))
            .status,
        ).toBe(403);
        expect(
          (await caller.post(`${outbound(principal, representative)}/services`, { createdBy: 'x' })).status,
        ).toBe(403);
      }
      expect((await service.stranger.get(inbound(representative, principal))).status).toBe(403);
    });

    it('narrows with Select and lowers with Limited, on reads and lists', async () => {
      const [principal, representative] = [await organization(), await person()];
      await service.max.post(outbound(principal, representative), {
        representativeEmail: 'x@example.ch',
        createdBy: 'a',
      });
      const selected = await service.max.get<Json>(
        `${outbound(principal, representative)}?Select=isUsable,validityEndStamp&Expand=PrincipalProfile`,
      );
      expect(selected.status).toBe(200);
      expect(Object.keys(selected.body).sort()).toEqual(['id', 'isUsable', 'validityEndStamp']);
      const limited = await service.max.get<Json[]>(
        `${V10}/profiles/${representative}/inbound-procurations?Limited=1`,
      );
      expect(limited.status).toBe(200);
      expect(limited.body).toEqual([{ id: expect.any(Number) }]);
    });

    it('never answers 500 to hostile query strings', async () => {
      const [principal, representative] = [await organization(), await person()];
      await service.max.post(outbound(principal, representative), { createdBy: 'a' });
      const values = [
        '',
        '-1',
        '0',
        '2147483648',
        'abc',
        '%00',
        'true,false',
        "'; DROP TABLE procuration; --",
        '%E2%82%AC',
      ];
      const parameters = [
        'DelegatorProfileId',
        'RepresentativeProfileId',
        'PrincipalProfileId',
        'IncludeDelegations',
        'IsOrgOwner',
        'IsOrgManagerOrOwner',
        'RepresentativeProfileKeyword',
        'HasAccessToServiceId',
        'IncludeCustomImageBytes',
        'Expand',
        'OrderBy',
        'PageNumber',
        'PageSize',
        'Select',
        'Limited',
      ];
      for (const parameter of parameters) {
        for (const value of values) {
          for (const url of [
            `${V10}/profiles/${principal}/outbound-procurations`,
            `${V10}/profiles/${representative}/inbound-procurations`,
            outbound(principal, representative),
            `${outbound(principal, representative)}/services`,
          ]) {
            const response = await service.max.get(`${url}?${parameter}=${value}`);
            expect([url, parameter, value, [200, 400, 404].includes(response.status)]).toEqual([
              url,
              parameter,
              value,
              true,
            ]);
          }
        }
      }
    });

    it('deletes with 204 (outbound and inbound) with its services and favorites, then 404', async () => {
      for (const side of ['outbound', 'inbound'] as const) {
        const [principal, representative] = [await person(), await person()];
        const created = (
          await service.max.post<Json>(outbound(principal, representative), { createdBy: 'a' })
        ).body;
        const serviceId = await fixtures.service();
        await fixtures.insert('procuration_service', {
          procuration_id: created.id,
          service_id: serviceId,
          validity_start_stamp: new Date(),
        });
        await fixtures.insert('favorite_service', {
          profile_id: principal,
          representative_profile_id: representative,
          service_id: serviceId,
        });
        await fixtures.insert('favorite_service', { profile_id: principal, service_id: serviceId });
        const url =
          side === 'outbound' ? outbound(principal, representative) : inbound(representative, principal);
        expect((await service.max.delete(url)).status).toBe(204);
        expect((await service.max.delete(url)).status).toBe(404);
        expect(await procurationRows(principal)).toEqual([]);
        expect(
          await dataSource.query('SELECT 1 FROM procuration_service WHERE procuration_id = $1', [created.id]),
        ).toEqual([]);
        expect(
          await dataSource.query(
            'SELECT representative_profile_id FROM favorite_service WHERE profile_id = $1',
            [principal],
          ),
        ).toEqual([{ representative_profile_id: null }]);
      }
    });
  });

  describe('lists', () => {
    let principal: number;
    let owner: number;
    let manager: number;
    let collaborator: number;
    let delegator: number;
    let serviceId: number;
    let ids: Record<string, number>;

    beforeAll(async () => {
      principal = await organization();
      owner = await person();
      manager = await person();
      collaborator = await person();
      delegator = await person();
      await dataSource.query(
        `UPDATE person SET lastname = 'Zwicky-Unique' WHERE id = (SELECT person_id FROM profile WHERE id = $1)`,
        [manager],
      );
      const post = async (representative: number, body: Json, query = '') =>
        (
          await service.max.post<Json>(`${outbound(principal, representative)}${query}`, {
            createdBy: 'a',
            ...body,
          })
        ).body.id as number;
      ids = {
        owner: await post(owner, { personInOrganizationFunction: 'Owner' }),
        manager: await post(manager, { personInOrganizationFunction: 'Manager' }),
        collaborator: await post(collaborator, { personInOrganizationFunction: 'Collaborator' }),
        delegated: await post(collaborator, {}, `?DelegatorProfileId=${delegator}`),
      };
      serviceId = await fixtures.service();
      await fixtures.insert('procuration_service', {
        procuration_id: ids.collaborator,
        service_id: serviceId,
        validity_start_stamp: new Date(Date.now() - DAY),
      });
      await fixtures.insert('procuration_service', {
        procuration_id: ids.manager,
        service_id: serviceId,
        validity_start_stamp: new Date(Date.now() + DAY),
      });
    });

    const listed = async (url: string): Promise<number[]> => {
      const response = await service.max.get<Json[]>(url);
      expect([url, response.status]).toEqual([url, 200]);
      return response.body.map((item) => item.id);
    };

    it('lists outbound procurations with every filter', async () => {
      const base = `${V10}/profiles/${principal}/outbound-procurations`;
      expect(await listed(base)).toEqual([ids.owner, ids.manager, ids.collaborator, ids.delegated]);
      expect(await listed(`${base}?RepresentativeProfileId=${collaborator}`)).toEqual([
        ids.collaborator,
        ids.delegated,
      ]);
      expect(await listed(`${base}?DelegatorProfileId=${delegator}`)).toEqual([ids.delegated]);
      expect(await listed(`${base}?IncludeDelegations=false`)).toEqual([
        ids.owner,
        ids.manager,
        ids.collaborator,
      ]);
      expect(await listed(`${base}?IncludeDelegations=true`)).toHaveLength(4);
      expect(await listed(`${base}?IsOrgOwner=true`)).toEqual([ids.owner]);
      expect(await listed(`${base}?IsOrgOwner=false`)).toEqual([
        ids.manager,
        ids.collaborator,
        ids.delegated,
      ]);
      expect(await listed(`${base}?IsOrgManagerOrOwner=true`)).toEqual([ids.owner, ids.manager]);
      expect(await listed(`${base}?IsOrgManagerOrOwner=false`)).toEqual([ids.collaborator, ids.delegated]);
      expect(await listed(`${base}?RepresentativeProfileKeyword=zwicky-uni`)).toEqual([ids.manager]);
      expect(await listed(`${base}?HasAccessToServiceId=${serviceId}`)).toEqual([ids.collaborator]);
      expect(await listed(`${base}?OrderBy=personInOrganizationFunction desc&PageSize=2`)).toEqual([
        ids.delegated,
        ids.owner,
      ]);
      const page = await service.max.get<Json[]>(
        `${base}?PageSize=3&PageNumber=2&Expand=RepresentativeProfile_Person`,
      );
      expect(page.headers.get('x-pagination-total-count')).toBe('4');
      expect(page.body.map((item) => item.representativeProfile.id)).toEqual([collaborator]);
      const withBytes = await service.max.get<Json[]>(
        `${base}?Expand=RepresentativeProfile_ProfilePicture&IncludeCustomImageBytes=true`,
      );
      expect(withBytes.body.map((item) => item.representativeProfile.profilePicture)).toEqual([
        null,
        null,
        null,
        null,
      ]);
    });

    it('lists inbound procurations with every filter', async () => {
      const base = `${V9}/profiles/${collaborator}/inbound-procurations`;
      expect(await listed(base)).toEqual([ids.collaborator, ids.delegated]);
      expect(await listed(`${base}?PrincipalProfileId=${principal}&IncludeDelegations=false`)).toEqual([
        ids.collaborator,
      ]);
      expect(await listed(`${base}?PrincipalProfileId=${owner}`)).toEqual([]);
      expect(await listed(`${base}?DelegatorProfileId=${delegator}&Expand=DelegatorProfile`)).toEqual([
        ids.delegated,
      ]);
      expect(await listed(`${base}?HasAccessToServiceId=${serviceId}`)).toEqual([ids.collaborator]);
      expect(
        await listed(`${V10}/profiles/${manager}/inbound-procurations?HasAccessToServiceId=${serviceId}`),
      ).toEqual([]);
    });

    it('answers 404 for an unknown profile and 400 for bad filters', async () => {
      for (const side of ['outbound', 'inbound']) {
        expect((await service.max.get(`${V10}/profiles/2147483647/${side}-procurations`)).status).toBe(404);
        for (const [query, path] of [
          ['IncludeDelegations=maybe', 'IncludeDelegations'],
          ['HasAccessToServiceId=0', 'HasAccessToServiceId'],
          ['OrderBy=isUsable', 'OrderBy'],
          ['PageSize=0', 'PageSize'],
        ]) {
          const response = await service.max.get<Json>(
            `${V10}/profiles/${principal}/${side}-procurations?${query}`,
          );
          expect([side, query, response.status]).toEqual([side, query, 400]);
          expect(Object.keys(response.body.errors)).toEqual([path]);
        }
      }
      const keyword = await service.max.get<Json>(
        `${V10}/profiles/${principal}/outbound-procurations?RepresentativeProfileKeyword=${'x'.repeat(401)}`,
      );
      expect(keyword.status).toBe(400);
    });
  });

  describe('deleting a profile', () => {
    it('removes the procurations where it is principal, representative or delegator, with services, favorites and invites', async () => {
      const [doomed, other, third] = [await person(), await person(), await person()];
      const serviceId = await fixtures.service();
      const invite = await fixtures.insert('procuration_invite', {
        principal_profile_id: third,
        token: `digest-${Date.now()}`,
        expiration_stamp: new Date(Date.now() + DAY),
      });
      const asPrincipal = (await service.max.post<Json>(outbound(doomed, other), { createdBy: 'a' })).body.id;
      const asRepresentative = (await service.max.post<Json>(outbound(other, doomed), { createdBy: 'a' }))
        .body.id;
      const asDelegator = (
        await service.max.post<Json>(`${outbound(third, other)}?DelegatorProfileId=${doomed}`, {
          createdBy: 'a',
        })
      ).body.id;
      await dataSource.query('UPDATE procuration SET procuration_invite_id = $1 WHERE id = $2', [
        invite,
        asDelegator,
      ]);
      const kept = (await service.max.post<Json>(outbound(third, other), { createdBy: 'a' })).body.id;
      for (const id of [asPrincipal, asRepresentative, asDelegator, kept]) {
        await fixtures.insert('procuration_service', {
          procuration_id: id,
          service_id: serviceId,
          validity_start_stamp: new Date(),
        });
      }
      await fixtures.insert('favorite_service', {
        profile_id: other,
        representative_profile_id: doomed,
        service_id: serviceId,
      });
      await fixtures.insert('favorite_service', {
        profile_id: third,
        representative_profile_id: other,
        delegator_profile_id: doomed,
        service_id: serviceId,
      });
      await fixtures.insert('procuration_invite', {
        principal_profile_id: doomed,
        token: `digest-own-${Date.now()}`,
        expiration_stamp: new Date(Date.now() + DAY),
      });

      expect((await service.max.delete(`${V10}/profiles/${doomed}`)).status).toBe(204);
      expect(
        (await dataSource.query('SELECT id FROM procuration ORDER BY id')).map((row: Json) => row.id),
      ).not.toEqual(expect.arrayContaining([asPrincipal]));
      const remaining = await dataSource.query(
        'SELECT id FROM procuration WHERE id = ANY($1::int[]) ORDER BY id',
        [[asPrincipal, asRepresentative, asDelegator, kept]],
      );
      expect(remaining).toEqual([{ id: kept }]);
      expect(
        await dataSource.query(
          'SELECT procuration_id FROM procuration_service WHERE procuration_id = ANY($1::int[])',
          [[asPrincipal, asRepresentative, asDelegator, kept]],
        ),
      ).toEqual([{ procuration_id: kept }]);
      expect(
        await dataSource.query(
          `SELECT 1 FROM favorite_service WHERE $1 IN (profile_id, representative_profile_id, delegator_profile_id)`,
          [doomed],
        ),
      ).toEqual([]);
      expect(
        await dataSource.query(
          'SELECT id FROM procuration_invite WHERE id = $1 OR principal_profile_id = $2',
          [invite, doomed],
        ),
      ).toEqual([]);
    });
  });
});
