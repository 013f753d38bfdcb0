import { Client } from 'pg';

import type { TestClient, TestResponse } from './test-client';

/** An audit record as GET audit-events gives it. */
export interface AuditEventView {
  readonly id: number;
  readonly occurredAt: string;
  readonly subject: string | null;
  readonly createdBy: string | null;
  readonly updatedBy: string | null;
  readonly method: string;
  readonly route: string;
  readonly resource: string;
  readonly resourceId: string | null;
  readonly result: string;
  readonly status: number;
  readonly correlationId: string;
}

/** Every audit_event row as stored, every column as text, oldest first: read beside the API. */
export async function storedAuditRows(databaseUrl: string): Promise<Record<string, string | null>[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<Record<string, string | null>>(
      `SELECT id::text, occurred_at::text, subject, created_by, updated_by, method, route, resource,
              resource_id, result, status::text, correlation_id
         FROM audit_event ORDER BY id`,
    );
    return result.rows;
  } finally {
    await client.end();
  }
}

/** The records of one write, found by the correlation id the test sent with it. */
export async function auditEventsOf(
  reader: TestClient,
  auditPath: string,
  correlationId: string,
): Promise<AuditEventView[]> {
  const page = await reader.get<AuditEventView[]>(`${auditPath}?PageSize=-1`);
  expect(page.status).toBe(200);
  return page.body.filter((event) => event.correlationId === correlationId);
}

let sequence = 0;

/** A correlation id unique to this test run, to find a write's record. */
export function testCorrelationId(label: string): string {
  sequence += 1;
  return `audit-${label}-${process.pid}-${sequence}`;
}

export interface AuditedServiceUnderTest {
  readonly anonymous: TestClient;
  /** Holds the service's writing role: reads the audit records. */
  readonly writer: TestClient;
  /** A valid token without the writing role. */
  readonly nonWriter: TestClient;
  readonly databaseUrl: string;
}

/**
 * What every service's audit list does the same way: roles, filters, paging and bad filter
 * values. `write` commits one write (any resource) each time it is called. Call inside a describe
 * whose beforeAll starts the service.
 */
export function itListsAuditEvents(
  service: () => AuditedServiceUnderTest,
  options: {
    readonly auditPaths: readonly string[];
    readonly write: (correlationId: string) => Promise<void>;
  },
): void {
  const [auditPath] = options.auditPaths;

  it('answers 401 without a token and 403 without the writing role, on every version', async () => {
    for (const path of options.auditPaths) {
      const anonymous = await service().anonymous.get(path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const refused = await service().nonWriter.get(path);
      expect(refused.status).toBe(403);
      expect((await service().writer.get(path)).status).toBe(200);
    }
  });

  it('lists newest first, in pages with the X-Pagination headers', async () => {
    for (let index = 0; index < 3; index += 1) await options.write(testCorrelationId('page'));
    const all = await service().writer.get<AuditEventView[]>(`${auditPath}?PageSize=-1`);
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    const ids = all.body.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const first = await service().writer.get<AuditEventView[]>(`${auditPath}?PageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body.map((event) => event.id)).toEqual(ids.slice(0, 2));
    expect(first.headers.get('x-pagination-total-count')).toBe(String(ids.length));
    expect(first.headers.get('x-pagination-page-size')).toBe('2');
    expect(first.headers.get('x-pagination-next-page-link')).toContain('PageNumber=2');
    const second = await service().writer.get<AuditEventView[]>(`${auditPath}?PageSize=2&PageNumber=2`);
    expect(second.body.map((event) => event.id)).toEqual(ids.slice(2, 4));
  });

  it('filters by resource, resource id, subject and time, combined', async () => {
    const correlationId = testCorrelationId('filter');
    await options.write(correlationId);
    const [event] = await auditEventsOf(service().writer, auditPath, correlationId);
    const list = async (query: string): Promise<AuditEventView[]> => {
      const response = await service().writer.get<AuditEventView[]>(`${auditPath}?PageSize=-1&${query}`);
      expect(response.status).toBe(200);
      return response.body;
    };
    const q = encodeURIComponent;

    const byResource = await list(`Resource=${q(event.resource)}`);
    expect(byResource.map((found) => found.id)).toContain(event.id);
    expect(byResource.every((found) => found.resource === event.resource)).toBe(true);
    expect(await list('Resource=no-such-resource')).toEqual([]);

    const byId = await list(`Resource=${q(event.resource)}&ResourceId=${q(event.resourceId ?? '')}`);
    expect(byId.map((found) => found.id)).toContain(event.id);
    expect(byId.every((found) => found.resourceId === event.resourceId)).toBe(true);

    const bySubject = await list(`Subject=${q(event.subject ?? '')}`);
    expect(bySubject.map((found) => found.id)).toContain(event.id);
    expect(await list('Subject=nobody-at-all')).toEqual([]);

    const at = new Date(event.occurredAt).getTime();
    const from = new Date(at).toISOString();
    const justAfter = new Date(at + 1).toISOString();
    expect((await list(`From=${q(from)}`)).map((found) => found.id)).toContain(event.id);
    expect((await list(`From=${q(justAfter)}`)).map((found) => found.id)).not.toContain(event.id);
    expect((await list(`To=${q(justAfter)}`)).map((found) => found.id)).toContain(event.id);
    expect((await list(`To=${q(from)}`)).map((found) => found.id)).not.toContain(event.id);
    expect(
      (await list(`Resource=${q(event.resource)}&Subject=${q(event.subject ?? '')}&From=${q(from)}`)).map(
        (found) => found.id,
      ),
    ).toContain(event.id);
  });

  it.each([
    ['From=yesterday', 'From=yesterday', 'From'],
    ['To=2026-13-01T00:00:00Z', 'To=2026-13-01T00:00:00Z', 'To'],
    ['From twice', 'From=2026-01-01T00:00:00Z&From=2026-01-02T00:00:00Z', 'From'],
    ['a Resource of 201 characters', `Resource=${'r'.repeat(201)}`, 'Resource'],
    ['a Subject of 256 characters', `Subject=${'s'.repeat(256)}`, 'Subject'],
    ['OrderBy=subject', 'OrderBy=subject', 'OrderBy'],
    ['PageSize=0', 'PageSize=0', 'PageSize'],
  ])('answers %s with a 400 problem on exactly that parameter', async (_label, query, parameter) => {
    const response: TestResponse<{ errors?: Record<string, string[]> }> = await service().writer.get(
      `${auditPath}?${query}`,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Object.keys(response.body.errors ?? {})).toEqual([parameter]);
  });
}

/**
 * The stored record of a write holds none of `personalValues` (e-mails, names, body text) in any
 * column, and the whole table neither.
 */
export async function expectNoPersonalData(
  databaseUrl: string,
  personalValues: readonly string[],
): Promise<void> {
  const text = JSON.stringify(await storedAuditRows(databaseUrl)).toLowerCase();
  for (const value of personalValues) expect(text).not.toContain(value.toLowerCase());
}
