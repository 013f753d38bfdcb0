import { DataSource } from 'typeorm';

import { HOSTILE } from './support/crud-conformance';
import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

const DAY = 24 * 60 * 60 * 1000;

describe('profile-service procuration services and favorites within a procuration (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let fixtures: Fixtures;
  let dataSource: DataSource;
  let roleId: number;

  beforeAll(async () => {
    service = await startProfileService('procuration_services');
    dataSource = service.app.get(DataSource);
    fixtures = new Fixtures(dataSource);
    roleId = await fixtures.role();
  });

  afterAll(async () => {
    await service?.close();
  });

  const outbound = (principal: number | string, representative: number | string, version = V10) =>
    `${version}/profiles/${principal}/outbound-procurations/${representative}`;
  const inbound = (representative: number | string, principal: number | string, version = V10) =>
    `${version}/profiles/${representative}/inbound-procurations/${principal}`;
  const person = async () => (await fixtures.personProfile()).profileId;
  /** A service the role grants; procuration-available unless told. */
  const grantedService = async (columns: Record<string, unknown> = {}, role = roleId) => {
    const serviceId = await fixtures.service({ columns: { is_procuration_available: true, ...columns } });
    await fixtures.serviceRole(serviceId, role);
    return serviceId;
  };
  /** A principal holding the role, a representative, and a procuration between them. */
  const scene = async (body: Json = {}, role = roleId) => {
    const principal = await person();
    await fixtures.profileRole(principal, role);
    const representative = await person();
    const created = await service.max.post<Json>(outbound(principal, representative), {
      createdBy: 'a',
      ...body,
    });
    expect(created.status).toBe(201);
    return { principal, representative, procurationId: created.body.id as number };
  };
  const links = async (procurationId: number): Promise<number[]> =>
    (
      await dataSource.query<{ service_id: number }[]>(
        'SELECT service_id FROM procuration_service WHERE procuration_id = $1 ORDER BY service_id',
        [procurationId],
      )
    ).map((row) => row.service_id);

  describe('upsert and delete of a link', () => {
    it('links a reached, procuration-available service with 201, then 200, under both versions', async () => {
      for (const version of [V10, V9]) {
        const { principal, representative, procurationId } = await scene();
        const serviceId = await grantedService();
        const url = `${outbound(principal, representative, version)}/services/${serviceId}`;
        const created = await service.max.put<Json>(url, { createdBy: 'a' });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ procurationId, serviceId, createdBy: 'a' });
        const start = '2030-01-01T00:00:00.000Z';
        const updated = await service.max.put<Json>(url, { validityStartStamp: start, createdBy: 'b' });
        expect(updated.status).toBe(200);
        expect(updated.body).toMatchObject({
          id: created.body.id,
          validityStartStamp: start,
          updatedBy: 'b',
        });
        expect(await links(procurationId)).toEqual([serviceId]);
      }
    });

    it('refuses with 400 a service the principal does not reach or that is not procuration-available', async () => {
      const { principal, representative, procurationId } = await scene();
      const unreached = await fixtures.service({ columns: { is_procuration_available: true } });
      const unavailable = await grantedService({ is_procuration_available: false });
      const later = await fixtures.service({ columns: { is_procuration_available: true } });
      const laterRole = await fixtures.role();
      await fixtures.serviceRole(later, laterRole);
      await fixtures.profileRole(principal, laterRole, new Date(Date.now() + DAY));
      for (const serviceId of [unreached, unavailable, later]) {
        const response = await service.max.put<Json>(
          `${outbound(principal, representative)}/services/${serviceId}`,
          {
            createdBy: 'a',
          },
        );
        expect([serviceId, response.status]).toEqual([serviceId, 400]);
        expect(Object.keys(response.body.errors)).toEqual(['serviceId']);
      }
      expect(await links(procurationId)).toEqual([]);
    });

    it('answers 404 for an unknown procuration, profile or service; deletes with 204 then 404', async () => {
      const { principal, representative, procurationId } = await scene();
      const serviceId = await grantedService();
      const other = await person();
      for (const [url, detail] of [
        [`${outbound(principal, other)}/services/${serviceId}`, /^No procuration from/],
        [
          `${outbound(2147483647, representative)}/services/${serviceId}`,
          /^No profile has the id 2147483647\.$/,
        ],
        [
          `${outbound(principal, representative)}/services/2147483647`,
          /^No service has the id 2147483647\.$/,
        ],
      ] as const) {
        const response = await service.max.put<Json>(url, { createdBy: 'a' });
        expect([url, response.status]).toEqual([url, 404]);
        expect(response.body.detail).toMatch(detail);
      }
      const url = `${outbound(principal, representative)}/services/${serviceId}`;
      await service.max.put(url, { createdBy: 'a' });
      expect((await service.max.delete(url)).status).toBe(204);
      const again = await service.max.delete<Json>(url);
      expect(again.status).toBe(404);
      expect(again.body.detail).toBe(
        `The procuration ${procurationId} does not grant the service ${serviceId}.`,
      );
    });

    it('never answers 500 to hostile bodies', async () => {
      const { principal, representative } = await scene();
      const serviceId = await grantedService();
      for (const field of ['validityStartStamp', 'createdBy']) {
        for (const value of HOSTILE) {
          for (const url of [
            `${outbound(principal, representative)}/services/${serviceId}`,
            `${outbound(principal, representative)}/services`,
          ]) {
            const send = url.endsWith('/services')
              ? service.max.post.bind(service.max)
              : service.max.put.bind(service.max);
            const response = await send(url, { createdBy: 'a', [field]: value });
            expect([field, value, [200, 201, 400].includes(response.status)]).toEqual([field, value, true]);
          }
        }
      }
    });
  });

  describe('add all missing', () => {
    it('links every reached procuration-available service the procuration lacks, keeping the others', async () => {
      // A role of its own: the suite's role grants the services of the other tests too.
      const ownRole = await fixtures.role();
      const { principal, representative, procurationId } = await scene({}, ownRole);
      const [first, second] = [await grantedService({}, ownRole), await grantedService({}, ownRole)];
      const unavailable = await grantedService({ is_procuration_available: false }, ownRole);
      const unreached = await fixtures.service({ columns: { is_procuration_available: true } });
      await service.max.put(`${outbound(principal, representative)}/services/${first}`, {
        validityStartStamp: '2030-01-01T00:00:00Z',
        createdBy: 'a',
      });
      const response = await service.max.post<Json[]>(`${outbound(principal, representative)}/services`, {
        createdBy: 'b',
      });
      expect(response.status).toBe(200);
      expect(response.body.map((link) => [link.serviceId, link.createdBy])).toEqual([
        [first, 'a'],
        [second, 'b'],
      ]);
      expect(response.body[0].validityStartStamp).toBe('2030-01-01T00:00:00.000Z');
      expect(await links(procurationId)).toEqual([first, second]);
      expect([unavailable, unreached].some((id) => response.body.some((link) => link.serviceId === id))).toBe(
        false,
      );
      const missing = await service.max.post<Json>(`${outbound(principal, await person())}/services`, {
        createdBy: 'b',
      });
      expect(missing.status).toBe(404);
    });
  });

  describe('agreed services (outbound) and accessible services (inbound)', () => {
    let principal: number;
    let representative: number;
    let procurationId: number;
    let started: number;
    let future: number;
    let hiddenTheme: number;
    let favorite: number;

    beforeAll(async () => {
      ({ principal, representative, procurationId } = await scene());
      started = await grantedService({
        is_new: true,
        url: 'https://example.ch/Taxes/return',
        external_id: 'TAX-9',
      });
      future = await grantedService();
      const themeId = await fixtures.theme(false);
      hiddenTheme = await fixtures.service({
        serviceThemeId: themeId,
        columns: { is_procuration_available: true },
      });
      await fixtures.serviceRole(hiddenTheme, roleId, false);
      favorite = started;
      for (const [serviceId, start] of [
        [started, new Date(Date.now() - DAY)],
        [future, new Date(Date.now() + DAY)],
        [hiddenTheme, new Date(Date.now() - DAY)],
      ] as const) {
        await fixtures.insert('procuration_service', {
          procuration_id: procurationId,
          service_id: serviceId,
          validity_start_stamp: start,
        });
      }
      await fixtures
        .insert('client', { name: `client-${procurationId}`, display_name: 'Client' })
        .then((clientId) => fixtures.insert('service_client', { service_id: started, client_id: clientId }));
    });

    const ids = async (url: string): Promise<number[]> => {
      const response = await service.max.get<Json[]>(url);
      expect([url, response.status]).toEqual([url, 200]);
      return response.body.map((item) => item.id);
    };

    it('lists every agreed service with the filters of the procuration service list', async () => {
      const base = `${outbound(principal, representative)}/services`;
      expect(await ids(base)).toEqual([started, future, hiddenTheme]);
      expect(await ids(`${base}?Ids=${future},${hiddenTheme}`)).toEqual([future, hiddenTheme]);
      expect(await ids(`${base}?ExternalId=TAX-9`)).toEqual([started]);
      expect(await ids(`${base}?UrlContains=taxes/RET`)).toEqual([started]);
      expect(await ids(`${base}?IsNew=true`)).toEqual([started]);
      expect(await ids(`${base}?HasVisibleTheme=false`)).toEqual([hiddenTheme]);
      expect(await ids(`${base}?HasVisibleServiceRole=false`)).toEqual([hiddenTheme]);
      expect(await ids(`${base}?IsShownInCatalog=true&PageSize=1&PageNumber=2`)).toEqual([future]);
      await service.max.put(`${inbound(representative, principal)}/favorite-services/${favorite}`, {
        createdBy: 'a',
      });
      expect(await ids(`${base}?IsFavorite=true`)).toEqual([favorite]);
      expect(await ids(`${base}?IsFavorite=false`)).toEqual([future, hiddenTheme]);
      const themed = await ids(`${base}?OrderBy=serviceTheme.sortOrder desc,id desc`);
      expect(themed).toHaveLength(3);
    });

    it('expands every value, the link and the favorite within the procuration', async () => {
      const expand =
        'ServiceTheme,IdentificationLevel,OrgIdentificationLevel,ProcurationService,ServiceClients,Survey,FavoriteService';
      await service.max.put(`${inbound(representative, principal)}/favorite-services/${favorite}`, {
        sortOrder: 3,
        createdBy: 'a',
      });
      const read = await service.max.get<Json>(
        `${outbound(principal, representative, V9)}/services/${started}?Expand=${expand}`,
      );
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        id: started,
        serviceTheme: { id: expect.any(Number) },
        identificationLevel: { id: expect.any(Number) },
        orgIdentificationLevel: { id: expect.any(Number) },
        procurationService: { procurationId, serviceId: started },
        serviceClients: [{ serviceId: started }],
        survey: null,
        favoriteService: { profileId: principal, representativeProfileId: representative, sortOrder: 3 },
      });
      const list = await service.max.get<Json[]>(
        `${inbound(representative, principal)}/services?Expand=${expand}`,
      );
      expect(list.body.map((item) => [item.id, item.procurationService.serviceId])).toEqual([
        [started, started],
        [hiddenTheme, hiddenTheme],
      ]);
    });

    it('shows inbound only the started links of a usable procuration', async () => {
      const base = `${inbound(representative, principal)}/services`;
      expect(await ids(base)).toEqual([started, hiddenTheme]);
      expect((await service.max.get(`${base}/${started}`)).status).toBe(200);
      const notYet = await service.max.get<Json>(`${base}/${future}`);
      expect(notYet.status).toBe(404);
      expect(notYet.body.detail).toBe(
        `The procuration ${procurationId} gives no access to the service ${future} now.`,
      );
      // The outbound read shows every link.
      expect(
        (await service.max.get(`${outbound(principal, representative)}/services/${future}`)).status,
      ).toBe(200);

      await dataSource.query('UPDATE profile SET is_enabled = false WHERE id = $1', [principal]);
      try {
        expect(await ids(base)).toEqual([]);
        const unusable = await service.max.get<Json>(`${base}/${started}`);
        expect(unusable.status).toBe(404);
        expect(unusable.body.detail).toBe(
          `The procuration ${procurationId} is not usable now: it gives access to no service.`,
        );
      } finally {
        await dataSource.query('UPDATE profile SET is_enabled = true WHERE id = $1', [principal]);
      }
      await dataSource.query(
        'UPDATE procuration SET validity_end_stamp = now() - interval $$1 second$$ WHERE id = $1',
        [procurationId],
      );
      try {
        expect(await ids(base)).toEqual([]);
      } finally {
        await dataSource.query(
          "UPDATE procuration SET validity_end_stamp = now() + interval '300 days' WHERE id = $1",
          [procurationId],
        );
      }
    });

    it('answers 404 for unknown services and procurations, 400 for bad filters', async () => {
      expect(
        (await service.max.get<Json>(`${outbound(principal, representative)}/services/2147483647`)).body
          .detail,
      ).toBe('No service has the id 2147483647.');
      const unlinked = await fixtures.service();
      const notGranted = await service.max.get<Json>(
        `${outbound(principal, representative)}/services/${unlinked}`,
      );
      expect([notGranted.status, notGranted.body.detail]).toEqual([
        404,
        `The procuration ${procurationId} does not grant the service ${unlinked}.`,
      ]);
      expect((await service.max.get(`${inbound(principal, representative)}/services`)).status).toBe(404);
      for (const [query, path] of [
        ['Expand=ProfileRoles', 'Expand'],
        ['IsFavorite=perhaps', 'IsFavorite'],
        ['OrderBy=unknown', 'OrderBy'],
        ['DelegatorProfileId=-1', 'DelegatorProfileId'],
      ]) {
        const response = await service.max.get<Json>(
          `${outbound(principal, representative)}/services?${query}`,
        );
        expect([query, response.status]).toEqual([query, 400]);
        expect(Object.keys(response.body.errors)).toEqual([path]);
      }
    });
  });

  describe('favorites within a procuration', () => {
    it('marks with 201, reorders with 200, deletes with 204 then 404; the own favorites stay apart', async () => {
      const { principal, representative } = await scene();
      const serviceId = await grantedService();
      await fixtures.insert('favorite_service', { profile_id: principal, service_id: serviceId });
      const url = `${inbound(representative, principal)}/favorite-services/${serviceId}`;
      const created = await service.max.put<Json>(url, { sortOrder: 2, createdBy: 'rep' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        profileId: principal,
        representativeProfileId: representative,
        delegatorProfileId: null,
        serviceId,
        sortOrder: 2,
      });
      expect((await service.max.put<Json>(url, { createdBy: 'rep' })).status).toBe(200);
      expect((await service.max.delete(url)).status).toBe(204);
      expect((await service.max.delete(url)).status).toBe(404);
      expect(
        await dataSource.query(
          'SELECT representative_profile_id FROM favorite_service WHERE profile_id = $1',
          [principal],
        ),
      ).toEqual([{ representative_profile_id: null }]);
      const noProcuration = await service.max.put<Json>(
        `${inbound(await person(), principal)}/favorite-services/${serviceId}`,
        { createdBy: 'rep' },
      );
      expect(noProcuration.status).toBe(404);
      const badOrder = await service.max.put<Json>(url, { sortOrder: 'first', createdBy: 'rep' });
      expect(badOrder.status).toBe(400);
      expect(Object.keys(badOrder.body.errors)).toEqual(['sortOrder']);
    });
  });
});
