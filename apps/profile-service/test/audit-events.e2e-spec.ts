import { Client } from 'pg';

import {
  auditEventsOf,
  expectNoPersonalData,
  itListsAuditEvents,
  storedAuditRows,
  testCorrelationId,
  testToken,
} from '@portal/testing';

import { unique } from './support/fixtures';
import { personBody } from './support/profile-bodies';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

const AUDIT = `${V10}/audit-events`;
const SUBJECT = 'profile-admin-3b8e';

describe('profile-service audit records (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let admin: ProfileService['max'];

  beforeAll(async () => {
    service = await startProfileService('profile_audit_events');
    admin = service.anonymous.withToken(await testToken(['ProfileApi_Max'], { subject: SUBJECT }));
  });

  afterAll(async () => {
    await service?.close();
  });

  const withCorrelation = (correlationId: string) => ({ headers: { 'X-Correlation-Id': correlationId } });
  const role = async (): Promise<Json> => {
    const created = await admin.post<Json>(`${V10}/roles`, {
      name: `role-${unique()}`,
      displayName: 'Advisor',
      createdBy: 'requester-6',
    });
    expect(created.status).toBe(201);
    return created.body;
  };

  it('records a profile create by its new id, with none of its personal data', async () => {
    const body = personBody({ createdBy: 'requester-5' });
    const correlationId = testCorrelationId('profile');
    const created = await admin.post<Json>(`${V10}/profiles`, body, withCorrelation(correlationId));
    expect(created.status).toBe(201);

    expect(await auditEventsOf(service.max, AUDIT, correlationId)).toEqual([
      {
        id: expect.any(Number),
        occurredAt: expect.any(String),
        subject: SUBJECT,
        createdBy: 'requester-5',
        updatedBy: null,
        method: 'POST',
        route: '/demo/v10-0/profiles',
        resource: 'profiles',
        resourceId: String(created.body.id),
        result: 'created',
        status: 201,
        correlationId,
      },
    ]);
    await expectNoPersonalData(service.database.url, [
      body.email,
      body.city,
      body.person.firstname,
      body.person.lastname,
      body.person.account.username,
      body.person.account.password,
    ]);
  });

  it('records an upsert of a nested resource by the path ids: created, then updated, then deleted', async () => {
    const category = await admin.post<Json>(`${V10}/org-categories`, {
      name: `category-${unique()}`,
      displayName: 'Association',
      createdBy: 'requester-6',
    });
    expect(category.status).toBe(201);
    const { id: roleId } = await role();
    const path = `${V9}/org-categories/${category.body.id}/roles/${roleId}`;
    const ids = `${category.body.id}/${roleId}`;

    const first = testCorrelationId('grant');
    expect((await admin.put(path, { createdBy: 'requester-6' }, withCorrelation(first))).status).toBe(201);
    const again = testCorrelationId('grant-again');
    expect((await admin.put(path, { createdBy: 'requester-6' }, withCorrelation(again))).status).toBe(200);
    const removed = testCorrelationId('revoke');
    expect((await admin.delete(path, withCorrelation(removed))).status).toBe(204);

    const route = '/demo/v9-1/org-categories/:orgCategoryId/roles/:roleId';
    const common = { route, resource: 'org-categories/roles', resourceId: ids, subject: SUBJECT };
    expect(await auditEventsOf(service.max, AUDIT, first)).toMatchObject([
      { ...common, method: 'PUT', createdBy: 'requester-6', result: 'created', status: 201 },
    ]);
    expect(await auditEventsOf(service.max, AUDIT, again)).toMatchObject([
      { ...common, method: 'PUT', result: 'updated', status: 200 },
    ]);
    expect(await auditEventsOf(service.max, AUDIT, removed)).toMatchObject([
      { ...common, method: 'DELETE', createdBy: null, result: 'deleted', status: 204 },
    ]);
  });

  it('leaves neither data nor a record when a profile create fails after its account is written', async () => {
    // The account and person rows go in first; the profile row then breaks this suite's constraint.
    const client = new Client({ connectionString: service.database.url });
    await client.connect();
    try {
      await client.query(
        `ALTER TABLE profile ADD CONSTRAINT test_refused_city CHECK (city <> 'Refusedtown')`,
      );
      const before = await storedAuditRows(service.database.url);
      const body = personBody({ city: 'Refusedtown' });
      const refused = await admin.post(`${V10}/profiles`, body, withCorrelation(testCorrelationId('failed')));
      expect(refused.status).toBeGreaterThanOrEqual(400);
      const accounts = await client.query('SELECT 1 FROM account WHERE username = $1', [
        body.person.account.username,
      ]);
      expect(accounts.rowCount).toBe(0);
      expect(await storedAuditRows(service.database.url)).toEqual(before);
    } finally {
      await client.query('ALTER TABLE profile DROP CONSTRAINT IF EXISTS test_refused_city');
      await client.end();
    }
  });

  it("writes the record inside the write's transaction: a record that cannot be written undoes the write", async () => {
    // With the record written after the commit instead, the role would stay without its record.
    const client = new Client({ connectionString: service.database.url });
    await client.connect();
    const name = `role-${unique()}`;
    try {
      await client.query(
        `ALTER TABLE audit_event ADD CONSTRAINT test_refused_record CHECK (resource <> 'roles') NOT VALID`,
      );
      const refused = await admin.post(`${V10}/roles`, { name, displayName: 'Advisor', createdBy: 'r-7' });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect((await client.query('SELECT 1 FROM role WHERE name = $1', [name])).rowCount).toBe(0);
    } finally {
      await client.query('ALTER TABLE audit_event DROP CONSTRAINT IF EXISTS test_refused_record');
      await client.end();
    }
  });

  it('records nothing for a refused write, and serves the list unprojected to ProfileApi_Max only', async () => {
    const before = await storedAuditRows(service.database.url);
    expect((await admin.post(`${V10}/profiles`, personBody({ email: 'not-an-email' }))).status).toBe(400);
    expect(
      (await service.low.post(`${V10}/roles`, { name: `role-${unique()}`, displayName: 'x' })).status,
    ).toBe(403);
    expect(await storedAuditRows(service.database.url)).toEqual(before);

    // Not a profile resource: the access-level projection leaves it alone (no Select, no Limited).
    const list = await service.max.get<Json[]>(`${AUDIT}?PageSize=1`);
    expect(list.status).toBe(200);
    expect(Object.keys(list.body[0])).toEqual([
      'id',
      'occurredAt',
      'subject',
      'createdBy',
      'updatedBy',
      'method',
      'route',
      'resource',
      'resourceId',
      'result',
      'status',
      'correlationId',
    ]);
    for (const reader of [service.low, service.medium]) expect((await reader.get(AUDIT)).status).toBe(403);
  });

  describe('the list', () => {
    itListsAuditEvents(
      () => ({
        anonymous: service.anonymous,
        writer: service.max,
        nonWriter: service.medium,
        databaseUrl: service.database.url,
      }),
      {
        auditPaths: [AUDIT, `${V9}/audit-events`],
        write: async (correlationId) => {
          const response = await admin.post(
            `${V10}/roles`,
            { name: `role-${unique()}`, displayName: 'Advisor', createdBy: 'requester-8' },
            withCorrelation(correlationId),
          );
          expect(response.status).toBe(201);
        },
      },
    );
  });
});
