import { DataSource } from 'typeorm';

import { AUTOMATED_UPDATE_REQUESTER } from '../src/service-reach/reach-changes';
import { RECONCILER_LOCK, ReachReconciler } from '../src/service-reach/reach-reconciler';
import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10 } from './support/profile-test-app';

type Json = Record<string, any>;

const MERGE_PATCH = { contentType: 'application/merge-patch+json' };

/**
 * The automated update of procuration services (contract 6): every trigger shows the links of the
 * procurations before and after, and a failure inside the update rolls the trigger back.
 */
describe('profile-service automated update of procuration services (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let fixtures: Fixtures;
  let dataSource: DataSource;

  beforeAll(async () => {
    // Reconciliations every 300 ms, so that a role starting a moment ahead is seen by the timer itself.
    service = await startProfileService('procuration_sync', { REACH_RECONCILE_INTERVAL_MS: '300' });
    dataSource = service.app.get(DataSource);
    fixtures = new Fixtures(dataSource);
  });

  afterAll(async () => {
    await service?.close();
  });

  const outbound = (principal: number, representative: number) =>
    `${V10}/profiles/${principal}/outbound-procurations/${representative}`;
  const person = async () => (await fixtures.personProfile()).profileId;
  const links = async (procurationId: number): Promise<number[]> =>
    (
      await dataSource.query<{ service_id: number }[]>(
        'SELECT service_id FROM procuration_service WHERE procuration_id = $1 ORDER BY service_id',
        [procurationId],
      )
    ).map((row) => row.service_id);
  const available = (columns: Record<string, unknown> = {}) =>
    fixtures.service({ columns: { is_procuration_available: true, ...columns } });
  const procuration = async (
    principal: number,
    fn: string | null,
    representative?: number,
  ): Promise<number> => {
    const response = await service.max.post<Json>(outbound(principal, representative ?? (await person())), {
      personInOrganizationFunction: fn,
      createdBy: 'a',
    });
    expect(response.status).toBe(201);
    return response.body.id;
  };

  /** An organization of a category of its own, whose category gives `roleIds`. */
  const organizationScene = async () => {
    const orgCategoryId = await fixtures.orgCategory();
    const { profileId } = await fixtures.organizationProfile({
      orgCategoryId,
      legalFormId: await fixtures.legalForm(),
    });
    return { orgCategoryId, organization: profileId };
  };

  it('at create, upsert and patch: Owner and Manager procurations receive every reached procuration-available service', async () => {
    const roleId = await fixtures.role();
    const [shared, other] = [await available(), await available()];
    const unavailable = await fixtures.service();
    for (const serviceId of [shared, other, unavailable]) await fixtures.serviceRole(serviceId, roleId);
    const { organization } = await organizationScene();
    await fixtures.profileRole(organization, roleId);

    const owner = await procuration(organization, 'Owner');
    expect(await links(owner)).toEqual([shared, other]);
    const collaboratorRep = await person();
    const collaborator = await procuration(organization, 'Collaborator', collaboratorRep);
    expect(await links(collaborator)).toEqual([]);

    // Patch: Collaborator becomes Manager.
    const patched = await service.max.patch(
      outbound(organization, collaboratorRep),
      { personInOrganizationFunction: { isValuePresent: true, value: 'Manager' }, updatedBy: 'b' },
      MERGE_PATCH,
    );
    expect(patched.status).toBe(200);
    expect(await links(collaborator)).toEqual([shared, other]);

    // Deprecated upsert: a new procuration as Owner, then a replaced one as Manager.
    const upsertRep = await person();
    const upserted = await service.max.put<Json>(outbound(organization, upsertRep), {
      personInOrganizationFunction: 'Owner',
      createdBy: 'a',
    });
    expect(upserted.status).toBe(201);
    expect(await links(upserted.body.id)).toEqual([shared, other]);
    const plainRep = await person();
    const plain = await procuration(organization, null, plainRep);
    expect(await links(plain)).toEqual([]);
    const replaced = await service.max.put<Json>(outbound(organization, plainRep), {
      personInOrganizationFunction: 'Manager',
      createdBy: 'a',
    });
    expect(replaced.status).toBe(200);
    expect(await links(plain)).toEqual([shared, other]);
  });

  it('role to category upsert and delete: the organizations of the category follow', async () => {
    const roleId = await fixtures.role();
    const serviceId = await available();
    await fixtures.serviceRole(serviceId, roleId);
    const { orgCategoryId, organization } = await organizationScene();
    const { profileId: sibling } = await fixtures.organizationProfile({
      orgCategoryId,
      legalFormId: await fixtures.legalForm(),
    });
    const owner = await procuration(organization, 'Owner');
    const siblingManager = await procuration(sibling, 'Manager');
    const collaborator = await procuration(organization, 'Collaborator');
    expect([await links(owner), await links(siblingManager), await links(collaborator)]).toEqual([
      [],
      [],
      [],
    ]);

    const given = await service.max.put(`${V10}/org-categories/${orgCategoryId}/roles/${roleId}`, {
      createdBy: 'a',
    });
    expect(given.status).toBe(201);
    expect([await links(owner), await links(siblingManager), await links(collaborator)]).toEqual([
      [serviceId],
      [serviceId],
      [],
    ]);
    await fixtures.insert('procuration_service', {
      procuration_id: collaborator,
      service_id: serviceId,
      validity_start_stamp: new Date(),
    });

    expect((await service.max.delete(`${V10}/org-categories/${orgCategoryId}/roles/${roleId}`)).status).toBe(
      204,
    );
    // No longer reached: the service leaves every procuration of the principals, whatever the function.
    expect([await links(owner), await links(siblingManager), await links(collaborator)]).toEqual([
      [],
      [],
      [],
    ]);
  });

  it("a category's role touches only the services it grants: what another role grants stays", async () => {
    const [categoryRole, directRole] = [await fixtures.role(), await fixtures.role()];
    const [shared, onlyCategory, onlyDirect] = [await available(), await available(), await available()];
    await fixtures.serviceRole(shared, categoryRole);
    await fixtures.serviceRole(onlyCategory, categoryRole);
    await fixtures.serviceRole(shared, directRole);
    await fixtures.serviceRole(onlyDirect, directRole);
    const { orgCategoryId, organization } = await organizationScene();
    await fixtures.profileRole(organization, directRole);
    const owner = await procuration(organization, 'Owner');
    expect(await links(owner)).toEqual([shared, onlyDirect]);

    const category = `${V10}/org-categories/${orgCategoryId}/roles/${categoryRole}`;
    expect((await service.max.put(category, { createdBy: 'a' })).status).toBe(201);
    expect(await links(owner)).toEqual([shared, onlyCategory, onlyDirect]);
    expect((await service.max.delete(category)).status).toBe(204);
    // The shared service is still reached through the direct role: its link stays.
    expect(await links(owner)).toEqual([shared, onlyDirect]);
  });

  it('profile role upsert and delete: the principal gains and loses the services', async () => {
    const roleId = await fixtures.role();
    const serviceId = await available();
    await fixtures.serviceRole(serviceId, roleId);
    const { organization } = await organizationScene();
    const owner = await procuration(organization, 'Owner');
    const collaboratorRep = await person();
    const collaborator = await procuration(organization, 'Collaborator', collaboratorRep);
    expect(await links(owner)).toEqual([]);

    const granted = await service.max.put(`${V10}/profiles/${organization}/roles/${roleId}`, {
      createdBy: 'a',
    });
    expect(granted.status).toBe(201);
    expect(await links(owner)).toEqual([serviceId]);
    await service.max.put(`${outbound(organization, collaboratorRep)}/services/${serviceId}`, {
      createdBy: 'a',
    });
    expect(await links(collaborator)).toEqual([serviceId]);

    expect((await service.max.delete(`${V10}/profiles/${organization}/roles/${roleId}`)).status).toBe(204);
    expect([await links(owner), await links(collaborator)]).toEqual([[], []]);
  });

  /** Waits until `check` holds, at most `ms`. */
  const eventually = async (check: () => Promise<boolean>, ms: number): Promise<boolean> => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return check();
  };
  const waitUntil = (instant: Date) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, instant.getTime() - Date.now() + 50)));

  /** An Owner procuration of an organization, and a role granting a procuration-available service. */
  const ownerScene = async () => {
    const roleId = await fixtures.role();
    const serviceId = await available();
    await fixtures.serviceRole(serviceId, roleId);
    const { organization } = await organizationScene();
    const owner = await procuration(organization, 'Owner');
    return { roleId, serviceId, organization, owner };
  };
  const giveLater = async (organization: number, roleId: number, start: Date) => {
    const given = await service.max.put(`${V10}/profiles/${organization}/roles/${roleId}`, {
      validityStartStamp: start.toISOString(),
      createdBy: 'a',
    });
    expect([200, 201]).toContain(given.status);
  };

  it('a role that starts later grants nothing in the procurations; at its start the reconciler adds it without a write', async () => {
    const { roleId, serviceId, organization, owner } = await ownerScene();
    await giveLater(organization, roleId, new Date('2099-01-01T00:00:00.000Z'));
    expect(await links(owner)).toEqual([]);

    // A start a moment ahead: the suite's reconciler runs every 300 ms (REACH_RECONCILE_INTERVAL_MS).
    const start = new Date(Date.now() + 1500);
    await giveLater(organization, roleId, start);
    expect(await links(owner)).toEqual([]);
    await waitUntil(start);
    expect(await eventually(async () => (await links(owner)).length > 0, 5000)).toBe(true);
    expect(await links(owner)).toEqual([serviceId]);
    const [link] = await dataSource.query(
      'SELECT validity_start_stamp, created_by FROM procuration_service WHERE procuration_id = $1',
      [owner],
    );
    expect(link.created_by).toBe(AUTOMATED_UPDATE_REQUESTER);
    expect(link.validity_start_stamp.getTime()).toBeGreaterThanOrEqual(start.getTime());
  });

  it('a start moved ahead takes the services back until then', async () => {
    const { roleId, serviceId, organization, owner } = await ownerScene();
    await giveLater(organization, roleId, new Date(Date.now() - 1000));
    expect(await links(owner)).toEqual([serviceId]);
    await giveLater(organization, roleId, new Date('2099-01-01T00:00:00.000Z'));
    expect(await links(owner)).toEqual([]);
  });

  it('one reconciliation at a time across replicas: while another holds the lock, none applies', async () => {
    const reconciler = service.app.get(ReachReconciler);
    const { roleId, serviceId, organization, owner } = await ownerScene();
    const start = new Date(Date.now() + 500);
    await giveLater(organization, roleId, start);
    // Another replica's reconciliation, in its own transaction, before the start passes.
    const other = dataSource.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    try {
      await other.query('SELECT pg_advisory_xact_lock(hashtext($1))', [RECONCILER_LOCK]);
      await waitUntil(new Date(start.getTime() + 700));
      expect(await reconciler.reconcile()).toEqual({ ran: false });
      expect(await links(owner)).toEqual([]);
    } finally {
      await other.rollbackTransaction();
      await other.release();
    }
    const both = await Promise.all([reconciler.reconcile(), reconciler.reconcile()]);
    expect(both.some((result) => result.ran)).toBe(true);
    expect(await eventually(async () => (await links(owner)).length > 0, 5000)).toBe(true);
    const rows = await dataSource.query<{ id: number }[]>(
      'SELECT id FROM procuration_service WHERE procuration_id = $1',
      [owner],
    );
    // Applied once: one link, and later reconciliations (its start still within their margin) keep it.
    expect(rows).toHaveLength(1);
    await reconciler.reconcile();
    expect(
      await dataSource.query('SELECT id FROM procuration_service WHERE procuration_id = $1', [owner]),
    ).toEqual(rows);
    expect(await links(owner)).toEqual([serviceId]);
  });

  it('a service role granted or removed: the holders of the role follow', async () => {
    const roleId = await fixtures.role();
    const serviceId = await available();
    const { organization } = await organizationScene();
    await fixtures.profileRole(organization, roleId);
    const owner = await procuration(organization, 'Owner');
    const person1 = await person();
    await fixtures.profileRole(person1, roleId);
    const personProcuration = await procuration(person1, null);
    expect(await links(owner)).toEqual([]);

    expect(
      (await service.max.put(`${V10}/services/${serviceId}/roles/${roleId}`, { createdBy: 'a' })).status,
    ).toBe(201);
    expect(await links(owner)).toEqual([serviceId]);
    await fixtures.insert('procuration_service', {
      procuration_id: personProcuration,
      service_id: serviceId,
      validity_start_stamp: new Date(),
    });

    expect((await service.max.delete(`${V10}/services/${serviceId}/roles/${roleId}`)).status).toBe(204);
    expect([await links(owner), await links(personProcuration)]).toEqual([[], []]);
  });

  it("a service's isProcurationAvailable turned off: it leaves every procuration; turned on: Owners regain it", async () => {
    const roleId = await fixtures.role();
    const serviceId = await available();
    await fixtures.serviceRole(serviceId, roleId);
    const { organization } = await organizationScene();
    await fixtures.profileRole(organization, roleId);
    const owner = await procuration(organization, 'Owner');
    const collaboratorRep = await person();
    const collaborator = await procuration(organization, 'Collaborator', collaboratorRep);
    await service.max.put(`${outbound(organization, collaboratorRep)}/services/${serviceId}`, {
      createdBy: 'a',
    });
    expect([await links(owner), await links(collaborator)]).toEqual([[serviceId], [serviceId]]);

    const current = (await service.max.get<Json>(`${V10}/services/${serviceId}`)).body;
    const body = {
      name: current.name,
      displayName: current.displayName,
      identificationLevelId: current.identificationLevelId,
      orgIdentificationLevelId: current.orgIdentificationLevelId,
      serviceThemeId: current.serviceThemeId,
      updatedBy: 'admin',
    };
    const off = await service.max.put(`${V10}/services/${serviceId}`, {
      ...body,
      isProcurationAvailable: false,
    });
    expect(off.status).toBe(200);
    expect([await links(owner), await links(collaborator)]).toEqual([[], []]);

    const on = await service.max.put(`${V10}/services/${serviceId}`, {
      ...body,
      isProcurationAvailable: true,
    });
    expect(on.status).toBe(200);
    expect([await links(owner), await links(collaborator)]).toEqual([[serviceId], []]);
  });

  it('a category role change reaches many organizations in one set of statements', async () => {
    const roleId = await fixtures.role();
    const serviceId = await available();
    await fixtures.serviceRole(serviceId, roleId);
    const orgCategoryId = await fixtures.orgCategory();
    const legalFormId = await fixtures.legalForm();
    const owners: number[] = [];
    for (let index = 0; index < 40; index += 1) {
      const { profileId } = await fixtures.organizationProfile({ orgCategoryId, legalFormId });
      owners.push(await procuration(profileId, 'Owner'));
    }
    await service.max.put(`${V10}/org-categories/${orgCategoryId}/roles/${roleId}`, { createdBy: 'a' });
    const linked = await dataSource.query<{ count: number }[]>(
      'SELECT count(*)::int AS count FROM procuration_service WHERE procuration_id = ANY($1::int[]) AND service_id = $2',
      [owners, serviceId],
    );
    expect(linked[0].count).toBe(40);
    await service.max.delete(`${V10}/org-categories/${orgCategoryId}/roles/${roleId}`);
    const left = await dataSource.query<{ count: number }[]>(
      'SELECT count(*)::int AS count FROM procuration_service WHERE procuration_id = ANY($1::int[])',
      [owners],
    );
    expect(left[0].count).toBe(0);
  });

  it('a failure inside the automated update rolls the trigger back', async () => {
    const roleId = await fixtures.role();
    const serviceId = await available();
    await fixtures.serviceRole(serviceId, roleId);
    const { organization } = await organizationScene();
    const owner = await procuration(organization, 'Owner');
    // The update's insert fails: the role grant that caused it must not stay.
    await dataSource.query(`
      CREATE FUNCTION test_refuse_procuration_service() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await dataSource.query(`
      CREATE TRIGGER test_refuse_procuration_service BEFORE INSERT ON procuration_service
        FOR EACH ROW EXECUTE FUNCTION test_refuse_procuration_service()`);
    try {
      const granted = await service.max.put(`${V10}/profiles/${organization}/roles/${roleId}`, {
        createdBy: 'a',
      });
      expect(granted.status).toBeGreaterThanOrEqual(500);
      expect(await fixtures.rolesOf(organization)).toEqual([]);
      expect(await links(owner)).toEqual([]);
    } finally {
      await dataSource.query('DROP TRIGGER test_refuse_procuration_service ON procuration_service');
      await dataSource.query('DROP FUNCTION test_refuse_procuration_service()');
    }
    const retried = await service.max.put(`${V10}/profiles/${organization}/roles/${roleId}`, {
      createdBy: 'a',
    });
    expect(retried.status).toBe(201);
    expect(await links(owner)).toEqual([serviceId]);
  });
});
