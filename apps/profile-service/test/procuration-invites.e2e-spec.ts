import { createHash } from 'node:crypto';

import { DataSource } from 'typeorm';

import { HOSTILE } from './support/crud-conformance';
import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

const DAY = 24 * 60 * 60 * 1000;
const INVITES = `${V10}/procuration-invites`;

describe('profile-service procuration invites (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let fixtures: Fixtures;
  let dataSource: DataSource;
  let roleId: number;

  beforeAll(async () => {
    service = await startProfileService('procuration_invites');
    dataSource = service.app.get(DataSource);
    fixtures = new Fixtures(dataSource);
    roleId = await fixtures.role();
  });

  afterAll(async () => {
    await service?.close();
  });

  const person = async () => (await fixtures.personProfile()).profileId;
  const sharedService = async () => {
    const serviceId = await fixtures.service({ columns: { is_procuration_available: true } });
    await fixtures.serviceRole(serviceId, roleId);
    return serviceId;
  };
  const principalWithRole = async () => {
    const principal = await person();
    await fixtures.profileRole(principal, roleId);
    return principal;
  };
  const invite = async (body: Json) => {
    const response = await service.max.post<Json>(INVITES, { createdBy: 'principal', ...body });
    expect(response.status).toBe(201);
    // An invite is addressed by its token.
    expect(response.headers.get('location')).toBe(`${INVITES}/${response.body.token}`);
    return response.body;
  };

  it('creates with a 256-bit token returned once, stored only as its SHA-256 digest, expiring in 30 days', async () => {
    for (const version of [V10, V9]) {
      const principal = await principalWithRole();
      const serviceId = await sharedService();
      const before = Date.now();
      const created = await service.max.post<Json>(`${version}/procuration-invites`, {
        principalProfileId: principal,
        description: 'Steuern',
        representativeEmail: 'rep@example.ch',
        serviceIds: [serviceId, serviceId],
        createdBy: 'principal',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        principalProfileId: principal,
        representativeProfileId: null,
        description: 'Steuern',
        consumptionStamp: null,
        isReadyForApproval: false,
        isApproved: false,
        serviceIds: [serviceId],
      });
      const token: string = created.body.token;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const expiration = Date.parse(created.body.expirationStamp);
      expect(expiration - before).toBeGreaterThanOrEqual(30 * DAY - 1000);
      expect(expiration - Date.now()).toBeLessThanOrEqual(30 * DAY);
      const [row] = await dataSource.query('SELECT token FROM procuration_invite WHERE id = $1', [
        created.body.id,
      ]);
      expect(row.token).toBe(createHash('sha256').update(token).digest('hex'));
      expect(row.token).not.toContain(token);

      const read = await service.max.get<Json>(`${version}/procuration-invites/${token}`);
      expect(read.status).toBe(200);
      expect(read.body.token).toBeUndefined();
      expect(read.body).toEqual({ ...created.body, token: undefined });
    }
  });

  it('answers 404 for a wrong token, of any shape, as a problem', async () => {
    const principal = await principalWithRole();
    const { token } = await invite({ principalProfileId: principal });
    for (const wrong of [
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      'x',
      '%E2%82%AC',
      'a'.repeat(100),
    ]) {
      const response = await service.max.get<Json>(`${INVITES}/${wrong}`);
      expect([wrong, response.status]).toEqual([wrong, 404]);
      expect(response.body.detail).toBe('No procuration invite has this token.');
    }
    for (const action of ['consume', 'approve']) {
      const response = await service.max.post<Json>(`${INVITES}/wrong-token/${action}`, {
        representativeProfileId: principal,
        updatedBy: 'a',
      });
      expect(response.status).toBe(404);
    }
  });

  it('refuses bad bodies with 400 on the path and stores nothing', async () => {
    const principal = await principalWithRole();
    const unreached = await fixtures.service({ columns: { is_procuration_available: true } });
    const unavailable = await fixtures.service();
    await fixtures.serviceRole(unavailable, roleId);
    const ok = await sharedService();
    const count = async () =>
      (
        await dataSource.query(
          'SELECT count(*)::int AS n FROM procuration_invite WHERE principal_profile_id = $1',
          [principal],
        )
      )[0].n;
    for (const [body, paths] of [
      [{ principalProfileId: 2147483647 }, ['principalProfileId']],
      [
        { principalProfileId: principal, serviceIds: [ok, unreached, 2147483647, unavailable] },
        ['serviceIds[1]', 'serviceIds[2]', 'serviceIds[3]'],
      ],
      [
        { principalProfileId: principal, expirationStamp: new Date(Date.now() - DAY).toISOString() },
        ['expirationStamp'],
      ],
      [{ principalProfileId: principal, serviceIds: ['1'] }, ['serviceIds']],
      [{ principalProfileId: principal, principalBusinessCaseId: 'case-1' }, ['principalBusinessCaseId']],
      [{ principalProfileId: principal, createdBy: '' }, ['createdBy']],
    ] as const) {
      const response = await service.max.post<Json>(INVITES, { createdBy: 'a', ...body });
      expect([body, response.status]).toEqual([body, 400]);
      expect(Object.keys(response.body.errors)).toEqual(paths);
    }
    expect(await count()).toBe(0);
    for (const field of [
      'principalProfileId',
      'description',
      'expirationStamp',
      'serviceIds',
      'representativeEmail',
    ]) {
      for (const value of HOSTILE) {
        const response = await service.max.post(INVITES, {
          principalProfileId: principal,
          createdBy: 'a',
          [field]: value,
        });
        expect([field, value, [201, 400].includes(response.status)]).toEqual([field, value, true]);
      }
    }
  });

  it('is consumed once by the representative, then approved once by the principal: the procuration with its services', async () => {
    const principal = await principalWithRole();
    const [first, second] = [await sharedService(), await sharedService()];
    const representative = await person();
    const created = await invite({
      principalProfileId: principal,
      serviceIds: [first, second],
      representativeEmail: 'rep@example.ch',
    });
    const early = await service.max.post<Json>(`${INVITES}/${created.token}/approve`, {
      updatedBy: 'principal',
    });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({
      token: ['The invite has not been consumed by a representative yet.'],
    });

    const consumed = await service.max.post<Json>(`${INVITES}/${created.token}/consume`, {
      representativeProfileId: representative,
      messageToPrincipal: 'Gerne',
      updatedBy: 'rep',
    });
    expect(consumed.status).toBe(200);
    expect(consumed.body).toMatchObject({
      representativeProfileId: representative,
      isReadyForApproval: true,
      messageToPrincipal: 'Gerne',
      consumptionStamp: expect.any(String),
      consumerInOrgProfileId: null,
      consumerInOrgFirstname: null,
    });
    const twice = await service.max.post<Json>(`${INVITES}/${created.token}/consume`, {
      representativeProfileId: await person(),
      updatedBy: 'rep',
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ token: ['The invite has been consumed already.'] });

    const approved = await service.max.post<Json>(`${V9}/procuration-invites/${created.token}/approve`, {
      updatedBy: 'principal',
    });
    expect(approved.status).toBe(201);
    expect(approved.body).toMatchObject({
      principalProfileId: principal,
      representativeProfileId: representative,
      delegatorProfileId: null,
      representativeEmail: 'rep@example.ch',
      isUsable: true,
      createdBy: 'principal',
    });
    expect(approved.body.procurationServices.map((link: Json) => link.serviceId)).toEqual([first, second]);
    // Location: the procuration the approval created; its audit record names it after the invite.
    expect(approved.headers.get('location')).toBe(
      `${V9}/profiles/${principal}/outbound-procurations/${representative}`,
    );
    const [audit] = await dataSource.query(
      `SELECT resource, resource_id, result, status FROM audit_event
        WHERE correlation_id = $1`,
      [approved.headers.get('x-correlation-id')],
    );
    expect(audit).toEqual({
      resource: 'procuration-invites/approve',
      resource_id: expect.stringMatching(/^sha256:[0-9a-f]{16}\/\d+$/),
      result: 'created',
      status: 201,
    });
    expect(audit.resource_id.split('/')[1]).toBe(String(approved.body.id));
    const read = await service.max.get<Json>(
      `${V10}/profiles/${principal}/outbound-procurations/${representative}?Expand=ProcurationInvite`,
    );
    expect(read.body.procurationInvite).toMatchObject({
      id: created.id,
      isApproved: true,
      approvalStamp: expect.any(String),
    });
    expect(read.body.procurationInvite.token).toBeUndefined();

    const again = await service.max.post<Json>(`${INVITES}/${created.token}/approve`, {
      updatedBy: 'principal',
    });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ token: ['The invite has been approved already.'] });
    expect(
      (
        await dataSource.query('SELECT count(*)::int AS n FROM procuration WHERE principal_profile_id = $1', [
          principal,
        ])
      )[0].n,
    ).toBe(1);
  });

  it('refuses an expired invite with 400 on consume and approve', async () => {
    const principal = await principalWithRole();
    const representative = await person();
    const created = await invite({ principalProfileId: principal });
    await service.max.post(`${INVITES}/${created.token}/consume`, {
      representativeProfileId: representative,
      updatedBy: 'r',
    });
    await dataSource.query(
      "UPDATE procuration_invite SET expiration_stamp = now() - interval '1 second' WHERE id = $1",
      [created.id],
    );
    for (const action of ['consume', 'approve']) {
      const response = await service.max.post<Json>(`${INVITES}/${created.token}/${action}`, {
        representativeProfileId: representative,
        updatedBy: 'r',
      });
      expect([action, response.status]).toEqual([action, 400]);
      expect(response.body.detail).toMatch(/^The invite expired at /);
    }
    expect(
      await dataSource.query('SELECT 1 FROM procuration WHERE principal_profile_id = $1', [principal]),
    ).toEqual([]);
  });

  it('fills the consumer-in-organization fields when a person takes it for an organization', async () => {
    const principal = await principalWithRole();
    const { profileId: organization } = await fixtures.anyOrganizationProfile();
    const { profileId: consumer, personId } = await fixtures.personProfile();
    const [names] = await dataSource.query('SELECT firstname, lastname FROM person WHERE id = $1', [
      personId,
    ]);
    const created = await invite({ principalProfileId: principal });
    const refusedPerson = await service.max.post<Json>(`${INVITES}/${created.token}/consume`, {
      representativeProfileId: organization,
      consumerInOrgProfileId: await fixtures.anyOrganizationProfile().then((org) => org.profileId),
      updatedBy: 'r',
    });
    expect(refusedPerson.status).toBe(400);
    expect(Object.keys(refusedPerson.body.errors)).toEqual(['consumerInOrgProfileId']);
    const self = await service.max.post<Json>(`${INVITES}/${created.token}/consume`, {
      representativeProfileId: principal,
      updatedBy: 'r',
    });
    expect(self.status).toBe(400);
    expect(Object.keys(self.body.errors)).toEqual(['representativeProfileId']);

    const consumed = await service.max.post<Json>(`${INVITES}/${created.token}/consume`, {
      representativeProfileId: organization,
      consumerInOrgProfileId: consumer,
      updatedBy: 'r',
    });
    expect(consumed.status).toBe(200);
    expect(consumed.body).toMatchObject({
      representativeProfileId: organization,
      consumerInOrgProfileId: consumer,
      consumerInOrgFirstname: names.firstname,
      consumerInOrgLastname: names.lastname,
    });
  });

  it('refuses approval when the procuration exists already, or a service is no longer reached, and creates nothing', async () => {
    const principal = await principalWithRole();
    const serviceId = await sharedService();
    const representative = await person();
    const created = await invite({ principalProfileId: principal, serviceIds: [serviceId] });
    await service.max.post(`${INVITES}/${created.token}/consume`, {
      representativeProfileId: representative,
      updatedBy: 'r',
    });
    await dataSource.query('DELETE FROM profile_role WHERE profile_id = $1', [principal]);
    const unreached = await service.max.post<Json>(`${INVITES}/${created.token}/approve`, { updatedBy: 'p' });
    expect(unreached.status).toBe(400);
    expect(Object.keys(unreached.body.errors)).toEqual(['serviceIds[0]']);
    await fixtures.profileRole(principal, roleId);
    await service.max.post(`${V10}/profiles/${principal}/outbound-procurations/${representative}`, {
      createdBy: 'p',
    });
    const exists = await service.max.post<Json>(`${INVITES}/${created.token}/approve`, { updatedBy: 'p' });
    expect(exists.status).toBe(400);
    expect(exists.body.detail).toBe('The principal has given this representative a procuration already.');
    const [row] = await dataSource.query('SELECT is_approved FROM procuration_invite WHERE id = $1', [
      created.id,
    ]);
    expect(row.is_approved).toBe(false);
  });

  it('is written by ProfileApi_Max only', async () => {
    const principal = await principalWithRole();
    expect(
      (await service.anonymous.post(INVITES, { principalProfileId: principal, createdBy: 'a' })).status,
    ).toBe(401);
    for (const caller of [service.low, service.medium, service.stranger]) {
      expect((await caller.post(INVITES, { principalProfileId: principal, createdBy: 'a' })).status).toBe(
        403,
      );
    }
    const { token } = await invite({ principalProfileId: principal });
    expect((await service.low.get(`${INVITES}/${token}`)).status).toBe(200);
    expect(
      (await service.low.post(`${INVITES}/${token}/consume`, { representativeProfileId: 1, updatedBy: 'a' }))
        .status,
    ).toBe(403);
  });
});
