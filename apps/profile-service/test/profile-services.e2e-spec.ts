import { DataSource } from 'typeorm';

import { Fixtures, unique } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

/**
 * One profile and a small catalogue around it: services reached through roles in force, through
 * an invisible service role, not reached (a role not held, a role that starts tomorrow).
 */
describe('profile-service services of a profile (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let fixtures: Fixtures;
  let dataSource: DataSource;
  let anna: number;
  let beat: number;
  const theme = { shown: 0, hidden: 0, later: 0 };
  const role = { citizen: 0, business: 0, tomorrow: 0, quiet: 0 };
  const grant = { citizen: 0, quiet: 0, tomorrow: 0 };
  /** tax: new, procuration, url, clients, survey; archive: hidden theme, not in catalogue, favorite; quiet: invisible role; both: visible and invisible roles. */
  const svc = { tax: 0, archive: 0, later: 0, quiet: 0, business: 0, both: 0, laterThemed: 0 };
  const clients: number[] = [];
  let surveyId: number;
  let favoriteId: number;

  beforeAll(async () => {
    service = await startProfileService('profile_services_of_profile');
    dataSource = service.app.get(DataSource);
    fixtures = new Fixtures(dataSource);
    const themeRow = (isVisible: boolean, sortOrder: number) =>
      fixtures.insert('service_theme', {
        name: `theme-${unique()}`,
        display_name: `Theme ${sortOrder}`,
        is_visible: isVisible,
        sort_order: sortOrder,
      });
    theme.shown = await themeRow(true, 2);
    theme.hidden = await themeRow(false, 1);
    theme.later = await themeRow(true, 3);
    for (const key of Object.keys(role) as (keyof typeof role)[]) role[key] = await fixtures.role();

    const level = await fixtures.identificationLevel();
    const orgLevel = await fixtures.orgIdentificationLevel();
    const make = (serviceThemeId: number, name: string, columns: Json = {}) =>
      fixtures.service({
        identificationLevelId: level,
        orgIdentificationLevelId: orgLevel,
        serviceThemeId,
        isShownInCatalog: columns.is_shown_in_catalog ?? true,
        columns: { name: `${name}-${unique()}`, ...columns },
      });
    svc.tax = await make(theme.shown, 'b-tax', {
      external_id: `tax-${unique()}`,
      url: 'https://tax.example.ch/return?x=100%',
      is_new: true,
      is_procuration_available: true,
    });
    svc.archive = await make(theme.hidden, 'a-archive', { is_shown_in_catalog: false });
    svc.later = await make(theme.shown, 'c-later');
    svc.quiet = await make(theme.shown, 'd-quiet');
    svc.business = await make(theme.shown, 'e-business');
    svc.both = await make(theme.shown, 'f-both');
    svc.laterThemed = await make(theme.later, 'g-later-themed', { is_procuration_available: true });

    grant.citizen = await fixtures.serviceRole(svc.tax, role.citizen);
    await fixtures.serviceRole(svc.archive, role.citizen);
    grant.tomorrow = await fixtures.serviceRole(svc.later, role.tomorrow);
    grant.quiet = await fixtures.serviceRole(svc.quiet, role.quiet, false);
    await fixtures.serviceRole(svc.business, role.business);
    await fixtures.serviceRole(svc.both, role.citizen);
    await fixtures.serviceRole(svc.both, role.quiet, false);
    await fixtures.serviceRole(svc.laterThemed, role.tomorrow);

    const client = () => fixtures.insert('client', { name: `client-${unique()}`, display_name: 'Client' });
    for (let i = 0; i < 2; i += 1) {
      const clientId = await client();
      clients.push(await fixtures.insert('service_client', { service_id: svc.tax, client_id: clientId }));
    }
    surveyId = await fixtures.insert('survey', {
      service_id: svc.tax,
      survey_url: 'https://survey.example.ch',
    });

    anna = (await fixtures.personProfile()).profileId;
    beat = (await fixtures.personProfile()).profileId;
    await fixtures.profileRole(anna, role.citizen);
    await fixtures.profileRole(anna, role.quiet);
    await fixtures.profileRole(anna, role.tomorrow, new Date(Date.now() + 86_400_000));
    // Beat holds the business role only.
    await fixtures.profileRole(beat, role.business);
    favoriteId = await fixtures.insert('favorite_service', {
      profile_id: anna,
      service_id: svc.archive,
      sort_order: 3,
    });
    // A favorite within a procuration is not the profile's own.
    await fixtures.insert('favorite_service', {
      profile_id: anna,
      representative_profile_id: beat,
      service_id: svc.tax,
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  const services = (profileId: number | string, version = V10) => `${version}/profiles/${profileId}/services`;
  const ids = async (query = '', profileId = anna): Promise<number[]> => {
    const response = await service.max.get<Json[]>(`${services(profileId)}?PageSize=-1&${query}`);
    expect([query, response.status]).toEqual([query, 200]);
    return response.body.map((item) => item.id);
  };
  const reached = () => [svc.tax, svc.archive, svc.quiet, svc.both];

  describe('reach', () => {
    it('lists the services of the roles in force, with the service fields, under both versions', async () => {
      for (const version of [V10, V9]) {
        const response = await service.max.get<Json[]>(services(anna, version));
        expect(response.status).toBe(200);
        expect(response.body.map((item) => item.id)).toEqual(reached());
        expect(response.headers.get('x-pagination-total-count')).toBe('4');
      }
      const catalogueEntry = (await service.max.get<Json>(`${V10}/services/${svc.tax}`)).body;
      const [tax] = (await service.max.get<Json[]>(`${services(anna)}?Ids=${svc.tax}`)).body;
      expect(tax).toEqual(catalogueEntry);
      expect(await ids('', beat)).toEqual([svc.business]);
    });

    it('grants nothing through a role whose validity starts in the future, until it starts', async () => {
      expect(await ids()).not.toContain(svc.later);
      const notYet = await service.max.get<Json>(`${services(anna)}/${svc.later}`);
      expect(notYet.status).toBe(404);
      expect(notYet.body.detail).toMatch(/does not reach the service/);
      await dataSource.query(
        `UPDATE profile_role SET validity_start_stamp = now() - interval '1 second' WHERE profile_id = $1 AND role_id = $2`,
        [anna, role.tomorrow],
      );
      try {
        expect(await ids()).toContain(svc.later);
        expect((await service.max.get(`${services(anna)}/${svc.later}`)).status).toBe(200);
      } finally {
        await dataSource.query(
          `UPDATE profile_role SET validity_start_stamp = now() + interval '1 day' WHERE profile_id = $1 AND role_id = $2`,
          [anna, role.tomorrow],
        );
      }
      expect(await ids()).not.toContain(svc.later);
    });

    it('answers an empty list for a profile without roles, for organizations too', async () => {
      const organization = await fixtures.anyOrganizationProfile();
      expect(await ids('', organization.profileId)).toEqual([]);
      await fixtures.profileRole(organization.profileId, role.business);
      expect(await ids('', organization.profileId)).toEqual([svc.business]);
    });
  });

  describe('filters', () => {
    it.each<[string, () => string, () => number[]]>([
      ['Ids', () => `Ids=${svc.tax},${svc.later}&Ids=${svc.both}`, () => [svc.tax, svc.both]],
      ['ServiceThemeId', () => `ServiceThemeId=${theme.hidden}`, () => [svc.archive]],
      ['ExternalId (exact)', () => 'ExternalId=' + 'TAX', () => []],
      ['IsShownInCatalog=false', () => 'IsShownInCatalog=false', () => [svc.archive]],
      ['IsShownInCatalog=true', () => 'isShownInCatalog=TRUE', () => [svc.tax, svc.quiet, svc.both]],
      ['IsForProcurationManagementView=true', () => 'IsForProcurationManagementView=true', () => [svc.tax]],
      ['IsForProcurationManagementView=false', () => 'IsForProcurationManagementView=false', reached],
      ['IsNew=true', () => 'IsNew=true', () => [svc.tax]],
      ['IsNew=false', () => 'IsNew=false', () => [svc.archive, svc.quiet, svc.both]],
      ['UrlContains (case-insensitive)', () => 'UrlContains=TAX.Example', () => [svc.tax]],
      ['UrlContains (% is literal)', () => 'UrlContains=100%25', () => [svc.tax]],
      ['UrlContains (_ is literal)', () => 'UrlContains=tax_example', () => []],
      [
        'HasVisibleServiceRole=true',
        () => 'HasVisibleServiceRole=true',
        () => [svc.tax, svc.archive, svc.both],
      ],
      ['HasVisibleServiceRole=false', () => 'HasVisibleServiceRole=false', () => [svc.quiet, svc.both]],
      ['HasVisibleTheme=false', () => 'HasVisibleTheme=false', () => [svc.archive]],
      ['HasVisibleTheme=true', () => 'HasVisibleTheme=true', () => [svc.tax, svc.quiet, svc.both]],
      ['IsFavorite=true (own favorites only)', () => 'IsFavorite=true', () => [svc.archive]],
      ['IsFavorite=false', () => 'IsFavorite=false', () => [svc.tax, svc.quiet, svc.both]],
      [
        'several filters together',
        () => `HasVisibleServiceRole=true&IsShownInCatalog=true&ServiceThemeId=${theme.shown}`,
        () => [svc.tax, svc.both],
      ],
    ])('%s', async (_case, query, expected) => {
      expect(await ids(query())).toEqual(expected());
    });

    it('finds a service by its external id', async () => {
      const externalId = (await service.max.get<Json>(`${V10}/services/${svc.tax}`)).body.externalId;
      expect(await ids(`ExternalId=${externalId}`)).toEqual([svc.tax]);
    });

    it.each([
      ['Ids=x', 'Ids'],
      ['ServiceThemeId=0', 'ServiceThemeId'],
      [`ExternalId=${'e'.repeat(51)}`, 'ExternalId'],
      ['IsNew=yes', 'IsNew'],
      [`UrlContains=${'u'.repeat(401)}`, 'UrlContains'],
      ['HasVisibleServiceRole=1', 'HasVisibleServiceRole'],
      ['IsFavorite=', 'IsFavorite'],
      ['Expand=Roles', 'Expand'],
      ['Expand=ProcurationService', 'Expand'],
      ['OrderBy=serviceTheme.colour', 'OrderBy'],
      ['OrderBy=profileRoles.id', 'OrderBy'],
      ['PageSize=1001', 'PageSize'],
      ['Select=serviceTheme.colour', 'Select'],
      ['Limited=0', 'Limited'],
    ])('answers %s with 400 on %s', async (query, parameter) => {
      const response = await service.max.get<Json>(`${services(anna)}?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([parameter]);
    });

    it('never answers 500 to malformed queries', async () => {
      for (const query of [
        'Ids=1,,2',
        'Ids=99999999999',
        'Ids=%00',
        'UrlContains=%00',
        'IsNew=true&IsNew=false',
        'a=%ZZ',
      ]) {
        const response = await service.max.get(`${services(anna)}?${query}`);
        expect([query, [200, 400].includes(response.status)]).toEqual([query, true]);
      }
    });
  });

  describe('order and pages', () => {
    it('orders by service properties and by the theme order, ending with id', async () => {
      expect(await ids('OrderBy=name')).toEqual([svc.archive, svc.tax, svc.quiet, svc.both]);
      expect(await ids('OrderBy=name desc')).toEqual([svc.both, svc.quiet, svc.tax, svc.archive]);
      expect(await ids('OrderBy=serviceTheme.sortOrder,name desc')).toEqual([
        svc.archive,
        svc.both,
        svc.quiet,
        svc.tax,
      ]);
      const themed = await service.max.get<Json[]>(`${services(anna)}?OrderBy=serviceTheme.sortOrder desc`);
      expect(themed.body.map((item) => item.id)).toEqual([svc.tax, svc.quiet, svc.both, svc.archive]);
      expect(themed.body[0]).not.toHaveProperty('serviceTheme');
    });

    it('pages with the X-Pagination headers and answers HEAD', async () => {
      const page = await service.max.get<Json[]>(`${services(anna)}?PageSize=3&PageNumber=2&OrderBy=name`);
      expect(page.body.map((item) => item.id)).toEqual([svc.both]);
      expect(page.headers.get('x-pagination-total-count')).toBe('4');
      expect(page.headers.get('x-pagination-total-pages')).toBe('2');
      expect(page.headers.get('x-pagination-previous-page-link')).toBe(
        `${services(anna)}?PageSize=3&OrderBy=name&PageNumber=1`,
      );
      expect(page.headers.get('x-pagination-next-page-link')).toBeNull();
      const head = await service.max.head(`${services(anna)}?IsNew=true`);
      expect(head.status).toBe(200);
      expect(head.headers.get('x-pagination-total-count')).toBe('1');
    });
  });

  describe('expansions', () => {
    it('expands nothing unless asked', async () => {
      const [tax] = (await service.max.get<Json[]>(`${services(anna)}?Ids=${svc.tax}`)).body;
      for (const key of [
        'serviceTheme',
        'identificationLevel',
        'orgIdentificationLevel',
        'profileRoles',
        'serviceClients',
        'survey',
        'favoriteService',
      ]) {
        expect(tax).not.toHaveProperty(key);
      }
    });

    it('expands every value, in a list and in a read', async () => {
      const expand =
        'Expand=ServiceTheme,IdentificationLevel,OrgIdentificationLevel&Expand=profileroles,SERVICECLIENTS,Survey,FavoriteService';
      const listed = (await service.max.get<Json[]>(`${services(anna)}?${expand}`)).body;
      const byId = new Map(listed.map((item) => [item.id as number, item]));
      const entry = (id: number): Json => byId.get(id) ?? {};
      const tax = entry(svc.tax);
      const read = (await service.max.get<Json>(`${services(anna)}/${svc.tax}?${expand}`)).body;
      expect(read).toEqual(tax);

      expect(tax.serviceTheme).toMatchObject({ id: theme.shown, sortOrder: 2, isVisible: true });
      expect(tax.identificationLevel).toMatchObject({ id: tax.identificationLevelId, levelOfTrust: 0 });
      expect(tax.orgIdentificationLevel).toMatchObject({ id: tax.orgIdentificationLevelId });
      expect(tax.profileRoles).toEqual([
        {
          id: expect.any(Number),
          profileId: anna,
          roleId: role.citizen,
          validityStartStamp: expect.any(String),
          source: 'Direct',
          createdBy: 'fixture',
          createStamp: expect.any(String),
          updatedBy: 'fixture',
          updateStamp: expect.any(String),
        },
      ]);
      expect(tax.serviceClients.map((client: Json) => client.id)).toEqual(clients);
      expect(tax.serviceClients[0]).toMatchObject({ serviceId: svc.tax, clientId: expect.any(Number) });
      expect(tax.survey).toMatchObject({
        id: surveyId,
        serviceId: svc.tax,
        surveyUrl: 'https://survey.example.ch',
      });
      // The favorite within a procuration is not the profile's own.
      expect(tax.favoriteService).toBeNull();

      const archive = entry(svc.archive);
      expect(archive.serviceTheme).toMatchObject({ id: theme.hidden, isVisible: false });
      expect(archive.serviceClients).toEqual([]);
      expect(archive.survey).toBeNull();
      expect(archive.favoriteService).toEqual({
        id: favoriteId,
        profileId: anna,
        representativeProfileId: null,
        delegatorProfileId: null,
        serviceId: svc.archive,
        sortOrder: 3,
        createdBy: 'fixture',
        createStamp: expect.any(String),
        updatedBy: 'fixture',
        updateStamp: expect.any(String),
      });

      // Granted twice: both roles show; the role that starts tomorrow never does.
      expect(
        entry(svc.both)
          .profileRoles.map((profileRole: Json) => profileRole.roleId)
          .sort(),
      ).toEqual([role.citizen, role.quiet].sort());
    });

    it('expands on a page without crossing into other pages', async () => {
      const page = await service.max.get<Json[]>(
        `${services(anna)}?PageSize=1&PageNumber=1&OrderBy=name&Expand=ServiceClients,ProfileRoles`,
      );
      expect(page.body).toHaveLength(1);
      expect(page.body[0]).toMatchObject({ id: svc.archive, serviceClients: [] });
      expect(page.body[0].profileRoles).toHaveLength(1);
    });
  });

  describe('read, not found, roles and levels', () => {
    it('reads a service the profile reaches under both versions', async () => {
      for (const version of [V10, V9]) {
        const read = await service.max.get<Json>(`${services(anna, version)}/${svc.quiet}`);
        expect(read.status).toBe(200);
        expect(read.body).toMatchObject({ id: svc.quiet, serviceThemeId: theme.shown });
      }
    });

    it('answers 404 for a service not reached, an unknown service and an unknown profile', async () => {
      const notHeld = await service.max.get<Json>(`${services(anna)}/${svc.business}`);
      expect(notHeld.status).toBe(404);
      expect(notHeld.body.detail).toBe(
        `The profile ${anna} does not reach the service ${svc.business}: no role it holds grants it.`,
      );
      const unknown = await service.max.get<Json>(`${services(anna)}/2147483647`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toBe('No service has the id 2147483647.');
      for (const url of [services(2147483647), `${services(2147483647)}/${svc.tax}`]) {
        const response = await service.max.get<Json>(url);
        expect(response.status).toBe(404);
        expect(response.body.detail).toBe('No profile has the id 2147483647.');
      }
    });

    it.each([
      ['abc', 'profileId', (id: string) => services(id)],
      ['0', 'profileId', (id: string) => `${services(id)}/1`],
      ['1.5', 'serviceId', (id: string) => `${services(1)}/${id}`],
      ['2147483648', 'serviceId', (id: string) => `${services(1)}/${id}`],
    ])('answers 400 for the id %s on %s', async (id, parameter, url) => {
      const response = await service.max.get<Json>(url(id));
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([parameter]);
    });

    it('projects by level: Low sees names, Medium the url too, neither an expansion the table does not list', async () => {
      const query = `Ids=${svc.tax}&Expand=ServiceTheme,ProfileRoles,Survey`;
      const [low] = (await service.low.get<Json[]>(`${services(anna)}?${query}`)).body;
      expect(low).toEqual({ id: svc.tax, name: expect.any(String), displayName: expect.any(String) });
      const [medium] = (await service.medium.get<Json[]>(`${services(anna)}?${query}`)).body;
      expect(medium).toEqual({ ...low, url: 'https://tax.example.ch/return?x=100%' });
      const selected = await service.max.get<Json>(
        `${services(anna)}/${svc.tax}?Expand=ServiceTheme&Select=name,serviceTheme.sortOrder`,
      );
      expect(selected.body).toEqual({
        id: svc.tax,
        name: expect.any(String),
        serviceTheme: { id: theme.shown, sortOrder: 2 },
      });
      expect((await service.max.get<Json>(`${services(anna)}/${svc.tax}?Limited=1`)).body).toEqual({
        id: svc.tax,
        name: expect.any(String),
        displayName: expect.any(String),
      });
    });

    it('answers 401 and 403 to the wrong callers', async () => {
      for (const url of [services(anna), `${services(anna)}/${svc.tax}`]) {
        expect((await service.anonymous.get(url)).status).toBe(401);
        expect((await service.stranger.get(url)).status).toBe(403);
      }
      expect((await service.max.put(`${services(anna)}/${svc.tax}`, { createdBy: 'a' })).status).toBe(404);
    });
  });

  describe('service themes of a profile', () => {
    const themes = (profileId: number | string, version = V10) =>
      `${version}/profiles/${profileId}/service-themes`;
    const themeIds = async (query = '', profileId = anna): Promise<number[]> => {
      const response = await service.max.get<Json[]>(`${themes(profileId)}?${query}`);
      expect([query, response.status]).toEqual([query, 200]);
      return response.body.map((item) => item.id);
    };

    it('lists the themes of the services the profile reaches, with their fields, under both versions', async () => {
      for (const version of [V10, V9]) {
        const response = await service.max.get<Json[]>(themes(anna, version));
        expect(response.status).toBe(200);
        expect(response.body.map((item) => item.id)).toEqual([theme.shown, theme.hidden]);
        expect(response.headers.get('x-pagination-total-count')).toBe('2');
      }
      const [shown] = (await service.max.get<Json[]>(themes(anna))).body;
      expect(shown).toEqual((await service.max.get<Json>(`${V10}/service-themes/${theme.shown}`)).body);
      expect(await themeIds('', beat)).toEqual([theme.shown]);
      expect(await themeIds('', (await fixtures.personProfile()).profileId)).toEqual([]);
    });

    it('leaves out a theme reached only through a role that starts in the future', async () => {
      expect(await themeIds()).not.toContain(theme.later);
      await dataSource.query(
        `UPDATE profile_role SET validity_start_stamp = now() - interval '1 second' WHERE profile_id = $1 AND role_id = $2`,
        [anna, role.tomorrow],
      );
      try {
        expect(await themeIds()).toEqual([theme.shown, theme.hidden, theme.later]);
      } finally {
        await dataSource.query(
          `UPDATE profile_role SET validity_start_stamp = now() + interval '1 day' WHERE profile_id = $1 AND role_id = $2`,
          [anna, role.tomorrow],
        );
      }
    });

    it.each<[string, () => number[]]>([
      ['IsVisible=true', () => [theme.shown]],
      ['isvisible=false', () => [theme.hidden]],
      ['IsForProcurationManagementView=true', () => [theme.shown]],
      ['IsForProcurationManagementView=false', () => [theme.shown, theme.hidden]],
      ['IsVisible=false&IsForProcurationManagementView=true', () => []],
      ['OrderBy=sortOrder', () => [theme.hidden, theme.shown]],
      ['OrderBy=displayName desc', () => [theme.shown, theme.hidden]],
      ['PageSize=1&PageNumber=2', () => [theme.hidden]],
    ])('%s', async (query, expected) => {
      expect(await themeIds(query)).toEqual(expected());
    });

    it.each([
      ['IsVisible=maybe', 'IsVisible'],
      ['IsForProcurationManagementView=2', 'IsForProcurationManagementView'],
      ['OrderBy=services', 'OrderBy'],
      ['PageNumber=0', 'PageNumber'],
      ['Select=colour', 'Select'],
    ])('answers %s with 400 on %s', async (query, parameter) => {
      const response = await service.max.get<Json>(`${themes(anna)}?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([parameter]);
    });

    it('answers 404 for an unknown profile, 400 for a malformed id, 401 and 403 to the wrong callers', async () => {
      const unknown = await service.max.get<Json>(themes(2147483647));
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toBe('No profile has the id 2147483647.');
      expect((await service.max.get(themes('1e3'))).status).toBe(400);
      expect((await service.anonymous.get(themes(anna))).status).toBe(401);
      expect((await service.stranger.get(themes(anna))).status).toBe(403);
    });

    it('projects by level: the level table lists no theme, so Low and Medium see ids', async () => {
      for (const caller of [service.low, service.medium]) {
        expect((await caller.get<Json[]>(themes(anna))).body).toEqual([
          { id: theme.shown },
          { id: theme.hidden },
        ]);
      }
      expect((await service.max.get<Json[]>(`${themes(anna)}?Select=sortOrder`)).body).toEqual([
        { id: theme.shown, sortOrder: 2 },
        { id: theme.hidden, sortOrder: 1 },
      ]);
      const head = await service.low.head(themes(anna));
      expect(head.headers.get('x-pagination-total-count')).toBe('2');
    });
  });
});
