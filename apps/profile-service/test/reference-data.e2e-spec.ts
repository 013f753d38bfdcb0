import { DataSource } from 'typeorm';

import { apiHelpers, namedInvalid } from './support/api-helpers';
import { itConformsToTheCrudContract } from './support/crud-conformance';
import { Fixtures, unique } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

describe('profile-service reference data (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let fixtures: Fixtures;

  beforeAll(async () => {
    service = await startProfileService('profile_reference_data');
    fixtures = new Fixtures(service.app.get(DataSource));
  });

  afterAll(async () => {
    await service?.close();
  });

  const { post, deleteRefused } = apiHelpers(() => service);

  const ids = (response: { body: Json[] }): number[] => response.body.map((record) => record.id);

  describe('clients', () => {
    const body = () => ({
      name: `client-${unique()}`,
      displayName: 'Portal app',
      description: 'The citizen portal',
    });

    itConformsToTheCrudContract(() => service, {
      path: '/clients',
      idName: 'clientId',
      body,
      defaults: {},
      invalid: namedInvalid(),
      unique: ['name'],
      orderBy: 'name',
    });

    it('filters by Name, case-insensitive equality; over 100 characters is a 400', async () => {
      const client = await post('/clients', body());
      const found = await service.low.get<Json[]>(`${V10}/clients?name=${client.name.toUpperCase()}`);
      expect(ids(found)).toEqual([client.id]);
      expect(ids(await service.low.get<Json[]>(`${V10}/clients?Name=${client.name}x`))).toEqual([]);
      expect((await service.low.get(`${V10}/clients?Name=${'n'.repeat(101)}`)).status).toBe(400);
    });

    it('keeps tab, CR and LF in free text; another control character is a 400 naming it', async () => {
      const texts = { displayName: 'Portal\tapp', description: 'Zeile 1\r\nZeile 2\n' };
      const client = await post('/clients', { ...body(), ...texts });
      expect(client).toMatchObject(texts);
      expect((await service.max.get<Json>(`${V10}/clients/${client.id}`)).body).toMatchObject(texts);

      const refused = await service.max.post<Json>(`${V10}/clients`, {
        ...body(),
        displayName: 'Portal\u0007app',
        createdBy: 'alice',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        displayName: [
          'displayName must not contain control characters other than tab, LF and CR (U+0007 at character 7)',
        ],
      });
      const filtered = await service.low.get<Json>(`${V10}/clients?Name=a%1Bb`);
      expect(filtered.status).toBe(400);
      expect(Object.keys(filtered.body.errors)).toEqual(['Name']);
    });

    it('refuses to delete a client a service is offered by', async () => {
      const client = await post('/clients', body());
      await fixtures.insert('service_client', { service_id: await fixtures.service(), client_id: client.id });
      await deleteRefused(`${V10}/clients/${client.id}`, 'clientId', /service client/);
    });
  });

  describe('identification levels', () => {
    const body = () => ({
      name: `level-${unique()}`,
      displayName: 'Identified with an ID card',
      description: 'Video identification',
      levelOfTrust: 30,
    });

    itConformsToTheCrudContract(() => service, {
      path: '/identification-levels',
      idName: 'identificationLevelId',
      body,
      defaults: { description: null, levelOfTrust: 0 },
      invalid: [
        ...namedInvalid(),
        ['a negative levelOfTrust', { levelOfTrust: -1 }, 'levelOfTrust'],
        ['a fractional levelOfTrust', { levelOfTrust: 1.5 }, 'levelOfTrust'],
        ['a levelOfTrust beyond int32', { levelOfTrust: 2 ** 31 }, 'levelOfTrust'],
        ['a levelOfTrust as text', { levelOfTrust: '3' }, 'levelOfTrust'],
      ],
      unique: ['name'],
      orderBy: 'levelOfTrust',
    });

    it('keeps with IsForServicesCatalog the levels of catalogue services in visible themes', async () => {
      const [shown, hidden, invisibleTheme, unused] = [
        await post('/identification-levels', body()),
        await post('/identification-levels', body()),
        await post('/identification-levels', body()),
        await post('/identification-levels', body()),
      ];
      await fixtures.service({ identificationLevelId: shown.id, isShownInCatalog: true });
      await fixtures.service({ identificationLevelId: hidden.id, isShownInCatalog: false });
      await fixtures.service({
        identificationLevelId: invisibleTheme.id,
        isShownInCatalog: true,
        serviceThemeId: await fixtures.theme(false),
      });
      const mine = new Set([shown.id, hidden.id, invisibleTheme.id, unused.id]);
      const listed = async (query: string) =>
        ids(await service.low.get<Json[]>(`${V10}/identification-levels?PageSize=-1&${query}`)).filter((id) =>
          mine.has(id),
        );
      expect(await listed('IsForServicesCatalog=true')).toEqual([shown.id]);
      expect(await listed('isforservicescatalog=FALSE')).toEqual([hidden.id]);
      expect(await listed('')).toEqual([shown.id, hidden.id, invisibleTheme.id, unused.id]);
      expect((await service.low.get(`${V10}/identification-levels?IsForServicesCatalog=maybe`)).status).toBe(
        400,
      );
    });

    it('refuses to delete a level a service or an identity uses', async () => {
      const byService = await post('/identification-levels', body());
      await fixtures.service({ identificationLevelId: byService.id });
      await deleteRefused(`${V10}/identification-levels/${byService.id}`, 'identificationLevelId', /service/);

      const byIdentity = await post('/identification-levels', body());
      const person = await fixtures.personProfile();
      const provider = await post('/identity-providers', {
        name: `idp-${unique()}`,
        displayName: 'IdP',
        typeName: 'Oidc',
      });
      await fixtures.identity({
        ...person,
        identityProviderId: provider.id,
        identificationLevelId: byIdentity.id,
      });
      await deleteRefused(
        `${V10}/identification-levels/${byIdentity.id}`,
        'identificationLevelId',
        /an identity/,
      );
    });
  });

  describe('organization identification levels', () => {
    const body = () => ({
      name: `org-level-${unique()}`,
      displayName: 'Registered in the UID register',
      levelOfTrust: 20,
    });

    itConformsToTheCrudContract(() => service, {
      path: '/org-identification-levels',
      idName: 'identificationLevelId',
      body,
      defaults: { description: null, levelOfTrust: 0, elevationServiceId: null },
      invalid: [
        ...namedInvalid(),
        ['a negative levelOfTrust', { levelOfTrust: -5 }, 'levelOfTrust'],
        ['an elevationServiceId of no service', { elevationServiceId: 2147483647 }, 'elevationServiceId'],
        ['an elevationServiceId of 0', { elevationServiceId: 0 }, 'elevationServiceId'],
        ['an elevationServiceId as text', { elevationServiceId: 'one' }, 'elevationServiceId'],
      ],
      unique: ['name'],
      orderBy: 'name',
    });

    it('stores the elevation service, and refuses to delete that service or a level in use', async () => {
      const serviceId = await fixtures.service();
      const level = await post('/org-identification-levels', { ...body(), elevationServiceId: serviceId });
      expect(level.elevationServiceId).toBe(serviceId);
      await fixtures.service({ orgIdentificationLevelId: level.id });
      await deleteRefused(`${V10}/org-identification-levels/${level.id}`, 'identificationLevelId', /service/);
    });

    it('keeps with IsForServicesCatalog the levels of catalogue services in visible themes', async () => {
      const shown = await post('/org-identification-levels', body());
      const unused = await post('/org-identification-levels', body());
      await fixtures.service({ orgIdentificationLevelId: shown.id, isShownInCatalog: true });
      const listed = ids(
        await service.low.get<Json[]>(
          `${V10}/org-identification-levels?PageSize=-1&IsForServicesCatalog=true`,
        ),
      );
      expect(listed).toContain(shown.id);
      expect(listed).not.toContain(unused.id);
    });
  });

  describe('identity providers', () => {
    const body = () => ({
      name: `idp-${unique()}`,
      displayName: 'AGOV',
      typeName: 'Portal.Identity.Agov',
      isEnabled: true,
      data: '{"authority":"https://login.agov.ch"}',
    });

    itConformsToTheCrudContract(() => service, {
      path: '/identity-providers',
      idName: 'identityProviderId',
      body,
      defaults: { isDefault: false, isEnabled: false, data: null },
      invalid: [
        ...namedInvalid(200, false),
        ['a missing typeName', { typeName: undefined }, 'typeName'],
        ['a typeName over 500 characters', { typeName: 't'.repeat(501) }, 'typeName'],
        ['data over 4000 characters', { data: 'd'.repeat(4001) }, 'data'],
        ['isEnabled as text', { isEnabled: 'yes' }, 'isEnabled'],
      ],
      unique: ['name'],
      orderBy: 'name',
    });

    it('accepts a name of 200 characters', async () => {
      expect(
        (await post('/identity-providers', { ...body(), name: `${unique()}`.padEnd(200, 'n') })).name,
      ).toHaveLength(200);
    });

    it('filters by IsEnabled', async () => {
      const enabled = await post('/identity-providers', { ...body(), isEnabled: true });
      const disabled = await post('/identity-providers', { ...body(), isEnabled: false });
      const on = ids(await service.low.get<Json[]>(`${V10}/identity-providers?PageSize=-1&IsEnabled=true`));
      const off = ids(await service.low.get<Json[]>(`${V10}/identity-providers?PageSize=-1&IsEnabled=false`));
      expect(on).toContain(enabled.id);
      expect(on).not.toContain(disabled.id);
      expect(off).toContain(disabled.id);
      expect(off).not.toContain(enabled.id);
    });

    it('keeps one default provider: a second is a 400 on isDefault', async () => {
      // Other tests may have left a default provider behind.
      await service.app.get(DataSource).query('UPDATE identity_provider SET is_default = false');
      const first = await post('/identity-providers', { ...body(), isDefault: true });
      const second = await service.max.post<Json>(`${V10}/identity-providers`, {
        ...body(),
        isDefault: true,
        createdBy: 'alice',
      });
      expect(second.status).toBe(400);
      expect(Object.keys(second.body.errors)).toEqual(['isDefault']);
      await service.max.put(`${V10}/identity-providers/${first.id}`, {
        ...body(),
        isDefault: false,
        updatedBy: 'bob',
      });
      expect(
        (
          await service.max.post(`${V10}/identity-providers`, {
            ...body(),
            isDefault: true,
            createdBy: 'alice',
          })
        ).status,
      ).toBe(201);
    });

    it('refuses to delete a provider identities use', async () => {
      const provider = await post('/identity-providers', body());
      const level = await fixtures.identificationLevel();
      await fixtures.identity({
        ...(await fixtures.personProfile()),
        identityProviderId: provider.id,
        identificationLevelId: level,
      });
      await deleteRefused(`${V10}/identity-providers/${provider.id}`, 'identityProviderId', /an identity/);
    });
  });

  describe('legal forms', () => {
    const body = () => {
      const n = unique();
      return {
        name: `legal-form-${n}`,
        displayName: 'Aktiengesellschaft',
        code: `AG${n}`,
        description: 'Company limited by shares',
      };
    };

    itConformsToTheCrudContract(() => service, {
      path: '/legal-forms',
      idName: 'legalFormId',
      body,
      defaults: { code: null, description: null, isOrgDeletableByOwner: true },
      invalid: [
        ...namedInvalid(),
        ['a code over 50 characters', { code: 'c'.repeat(51) }, 'code'],
        ['isOrgDeletableByOwner as a number', { isOrgDeletableByOwner: 1 }, 'isOrgDeletableByOwner'],
      ],
      unique: ['name', 'code'],
      orderBy: 'code',
    });

    it('filters by Code, case-insensitive equality; allows many forms without a code', async () => {
      const form = await post('/legal-forms', body());
      await post('/legal-forms', { ...body(), code: null });
      await post('/legal-forms', { ...body(), code: null });
      expect(
        ids(await service.low.get<Json[]>(`${V10}/legal-forms?code=${form.code.toLowerCase()}`)),
      ).toEqual([form.id]);
      expect((await service.low.get(`${V10}/legal-forms?Code=${'c'.repeat(51)}`)).status).toBe(400);
    });

    it('refuses to delete a legal form an organization uses', async () => {
      const form = await post('/legal-forms', body());
      const category = await post('/org-categories', {
        name: `category-${unique()}`,
        displayName: 'Company',
      });
      await fixtures.organizationProfile({ legalFormId: form.id, orgCategoryId: category.id });
      await deleteRefused(`${V10}/legal-forms/${form.id}`, 'legalFormId', /an organization/);
    });
  });

  describe('marital statuses', () => {
    const body = () => ({
      name: `status-${unique()}`,
      displayName: 'Married',
      isEnabled: false,
      sortOrder: 3,
    });

    itConformsToTheCrudContract(() => service, {
      path: '/marital-statuses',
      idName: 'maritalStatusId',
      body,
      defaults: { isEnabled: true, sortOrder: 0 },
      invalid: [
        ...namedInvalid(100, false),
        ['a fractional sortOrder', { sortOrder: 0.5 }, 'sortOrder'],
        ['isEnabled as text', { isEnabled: 'true' }, 'isEnabled'],
      ],
      unique: ['name'],
      orderBy: 'sortOrder',
    });

    it('filters by IsEnabled', async () => {
      const enabled = await post('/marital-statuses', { ...body(), isEnabled: true });
      const disabled = await post('/marital-statuses', { ...body(), isEnabled: false });
      const on = ids(await service.low.get<Json[]>(`${V9}/marital-statuses?PageSize=-1&IsEnabled=true`));
      expect(on).toContain(enabled.id);
      expect(on).not.toContain(disabled.id);
    });

    it('refuses to delete a status a person has', async () => {
      const status = await post('/marital-statuses', body());
      await fixtures.personProfile({ maritalStatusId: status.id });
      await deleteRefused(`${V10}/marital-statuses/${status.id}`, 'maritalStatusId', /a person/);
    });
  });

  describe('organization categories', () => {
    const body = () => {
      const n = unique();
      return {
        name: `category-${n}`,
        displayName: 'Association',
        code: `ASSOC${n}`,
        description: 'Verein',
        isVisible: false,
        isOrgDeletableByOwner: false,
        profilePictureUrl: '/img/association.svg',
        smallProfilePictureUrl: '/img/association-small.svg',
        daysUntilFirstDeletionReminder: 30,
        daysUntilSecondDeletionReminder: 60,
        daysUntilDeletion: 90,
      };
    };

    itConformsToTheCrudContract(() => service, {
      path: '/org-categories',
      idName: 'orgCategoryId',
      body,
      defaults: {
        code: null,
        description: null,
        isVisible: true,
        isOrgDeletableByOwner: true,
        profilePictureUrl: null,
        smallProfilePictureUrl: null,
        daysUntilFirstDeletionReminder: null,
        daysUntilSecondDeletionReminder: null,
        daysUntilDeletion: null,
      },
      invalid: [
        ...namedInvalid(),
        ['a code over 50 characters', { code: 'c'.repeat(51) }, 'code'],
        [
          'a profilePictureUrl over 100 characters',
          { profilePictureUrl: 'p'.repeat(101) },
          'profilePictureUrl',
        ],
        [
          'a smallProfilePictureUrl over 100 characters',
          { smallProfilePictureUrl: 's'.repeat(101) },
          'smallProfilePictureUrl',
        ],
        ['daysUntilDeletion of 0', { daysUntilDeletion: 0 }, 'daysUntilDeletion'],
        [
          'a negative daysUntilFirstDeletionReminder',
          { daysUntilFirstDeletionReminder: -1 },
          'daysUntilFirstDeletionReminder',
        ],
        ['isVisible as text', { isVisible: 'no' }, 'isVisible'],
      ],
      unique: ['name', 'code'],
      orderBy: 'name',
    });

    it('filters by Code (case-insensitive) and IsVisible', async () => {
      const visible = await post('/org-categories', { ...body(), isVisible: true });
      const hidden = await post('/org-categories', { ...body(), isVisible: false });
      expect(
        ids(await service.low.get<Json[]>(`${V10}/org-categories?Code=${visible.code.toLowerCase()}`)),
      ).toEqual([visible.id]);
      const shown = ids(await service.low.get<Json[]>(`${V10}/org-categories?PageSize=-1&IsVisible=true`));
      expect(shown).toContain(visible.id);
      expect(shown).not.toContain(hidden.id);
      expect(
        ids(await service.low.get<Json[]>(`${V10}/org-categories?Code=${hidden.code}&IsVisible=true`)),
      ).toEqual([]);
    });

    it('refuses to delete a category an organization uses, and deletes an unused one with its role links', async () => {
      const used = await post('/org-categories', body());
      const form = await post('/legal-forms', { name: `legal-form-${unique()}`, displayName: 'GmbH' });
      await fixtures.organizationProfile({ legalFormId: form.id, orgCategoryId: used.id });
      await deleteRefused(`${V10}/org-categories/${used.id}`, 'orgCategoryId', /an organization/);

      const unused = await post('/org-categories', body());
      const role = await post('/roles', { name: `role-${unique()}`, displayName: 'Member' });
      expect(
        (await service.max.put(`${V10}/org-categories/${unused.id}/roles/${role.id}`, { createdBy: 'alice' }))
          .status,
      ).toBe(201);
      expect((await service.max.delete(`${V10}/org-categories/${unused.id}`)).status).toBe(204);
      expect((await service.max.get(`${V10}/roles/${role.id}`)).status).toBe(200);
    });

    describe('roles of a category', () => {
      let category: Json;
      let role: Json;
      let organizations: { profileId: number }[];
      let otherOrganization: { profileId: number };
      let alreadyHolding: { profileId: number };
      const rolesUrl = (categoryId: number | string = category.id, version = V10) =>
        `${version}/org-categories/${categoryId}/roles`;

      beforeAll(async () => {
        category = await post('/org-categories', body());
        role = await post('/roles', { name: `org-role-${unique()}`, displayName: 'Organization member' });
        const form = await post('/legal-forms', { name: `legal-form-${unique()}`, displayName: 'Verein' });
        const otherCategory = await post('/org-categories', body());
        organizations = [
          await fixtures.organizationProfile({ legalFormId: form.id, orgCategoryId: category.id }),
          await fixtures.organizationProfile({ legalFormId: form.id, orgCategoryId: category.id }),
        ];
        alreadyHolding = await fixtures.organizationProfile({
          legalFormId: form.id,
          orgCategoryId: category.id,
        });
        await fixtures.insert('profile_role', {
          profile_id: alreadyHolding.profileId,
          role_id: role.id,
          validity_start_stamp: new Date('2020-01-01'),
        });
        otherOrganization = await fixtures.organizationProfile({
          legalFormId: form.id,
          orgCategoryId: otherCategory.id,
        });
      });

      it('links a role with 201, gives it to every organization of the category, and answers 200 the second time', async () => {
        const created = await service.max.put<Json>(`${rolesUrl()}/${role.id}`, { createdBy: 'alice' });
        expect(created.status).toBe(201);
        expect(created.body).toEqual({
          id: expect.any(Number),
          orgCategoryId: category.id,
          roleId: role.id,
          createdBy: 'alice',
          createStamp: expect.any(String),
          updatedBy: 'alice',
          updateStamp: created.body.createStamp,
        });
        for (const organization of [...organizations, alreadyHolding]) {
          expect(await fixtures.rolesOf(organization.profileId)).toEqual([role.id]);
        }
        expect(await fixtures.rolesOf(otherOrganization.profileId)).toEqual([]);

        const again = await service.max.put<Json>(`${rolesUrl(category.id, V9)}/${role.id}`, {
          createdBy: 'bob',
        });
        expect(again.status).toBe(200);
        expect(again.body).toMatchObject({ id: created.body.id, createdBy: 'alice', updatedBy: 'bob' });
      });

      it('lists and reads the roles of the category, projected as roles', async () => {
        const list = await service.max.get<Json[]>(rolesUrl());
        expect(list.status).toBe(200);
        expect(list.headers.get('x-pagination-total-count')).toBe('1');
        expect(list.body).toEqual([(await service.max.get<Json>(`${V10}/roles/${role.id}`)).body]);
        expect((await service.max.get<Json>(`${rolesUrl()}/${role.id}?Select=name`)).body).toEqual({
          id: role.id,
          name: role.name,
        });
        expect((await service.low.get<Json>(`${rolesUrl()}/${role.id}`)).body).toEqual({ id: role.id });
        expect((await service.max.get(`${rolesUrl()}?OrderBy=colour`)).status).toBe(400);
      });

      it('answers 404 for an unknown category, an unknown role, or a role not of the category', async () => {
        const unlinked = await post('/roles', { name: `unlinked-${unique()}`, displayName: 'Other' });
        for (const url of [
          `${rolesUrl(2147483647)}`,
          `${rolesUrl(2147483647)}/${role.id}`,
          `${rolesUrl()}/${unlinked.id}`,
        ]) {
          expect((await service.max.get(url)).status).toBe(404);
        }
        expect((await service.max.put(`${rolesUrl(2147483647)}/${role.id}`, { createdBy: 'a' })).status).toBe(
          404,
        );
        expect((await service.max.put(`${rolesUrl()}/2147483647`, { createdBy: 'a' })).status).toBe(404);
        expect((await service.max.delete(`${rolesUrl()}/${unlinked.id}`)).status).toBe(404);
        expect((await service.max.delete(`${rolesUrl(2147483647)}/${role.id}`)).status).toBe(404);
      });

      it('answers 400 for malformed ids and a missing createdBy, 401 and 403 for the wrong caller', async () => {
        const bad = await service.max.put<Json>(`${rolesUrl('x')}/${role.id}`, { createdBy: 'a' });
        expect(Object.keys(bad.body.errors)).toEqual(['orgCategoryId']);
        const badRole = await service.max.get<Json>(`${rolesUrl()}/0`);
        expect(Object.keys(badRole.body.errors)).toEqual(['roleId']);
        const missing = await service.max.put<Json>(`${rolesUrl()}/${role.id}`, {});
        expect(Object.keys(missing.body.errors)).toEqual(['createdBy']);
        expect((await service.anonymous.get(rolesUrl())).status).toBe(401);
        expect((await service.stranger.get(rolesUrl())).status).toBe(403);
        expect((await service.medium.put(`${rolesUrl()}/${role.id}`, { createdBy: 'a' })).status).toBe(403);
        expect((await service.low.delete(`${rolesUrl()}/${role.id}`)).status).toBe(403);
      });

      it('unlinks with 204 and takes the role from the organizations holding it through the category only', async () => {
        await fixtures.insert('profile_role', {
          profile_id: otherOrganization.profileId,
          role_id: role.id,
          validity_start_stamp: new Date(),
        });
        const deleted = await service.max.delete(`${rolesUrl()}/${role.id}`);
        expect(deleted.status).toBe(204);
        for (const organization of organizations) {
          expect(await fixtures.rolesOf(organization.profileId)).toEqual([]);
        }
        // Given directly before the category had it: not the category's to take.
        expect(await fixtures.rolesOf(alreadyHolding.profileId)).toEqual([role.id]);
        expect(await fixtures.rolesOf(otherOrganization.profileId)).toEqual([role.id]);
        expect((await service.max.get(`${rolesUrl()}/${role.id}`)).status).toBe(404);
        expect((await service.max.get<Json[]>(rolesUrl())).body).toEqual([]);
      });
    });
  });
});
