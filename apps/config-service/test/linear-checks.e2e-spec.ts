/**
 * Times the same work at two sizes: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import path from 'node:path';

import {
  createTestDatabase,
  LIVENESS_LIMIT_MS,
  livenessConfirmed,
  type ServiceProcess,
  startServiceProcess,
  TestClient,
  type TestDatabase,
  testToken,
} from '@portal/testing';

import { UI_TEMPLATE_BOUNDS } from '../src/ui-templates/dto/ui-template-write.dto';
import { uiTemplateBody } from './config-test-app';

const MAIN = path.join(__dirname, '..', 'src', 'main.ts');
const V10 = '/demo/v10-0/ui-templates';

/** `count` distinct sender identifiers, as short as they come (`0`, `1`, ..., `37rz`). */
const distinctSenders = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => index.toString(36));

/**
 * Contract 5: every check is linear in its input, so that no single request holds the service.
 * The service runs in a process of its own, so that its event loop is the one a slow check would
 * hold, and this one is free to ask whether it is alive meanwhile.
 */
describe('config-service checks a large input without holding its event loop', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let writer: TestClient;

  beforeAll(async () => {
    database = await createTestDatabase('config_linear_checks');
    service = await startServiceProcess({
      main: MAIN,
      env: { DATABASE_URL: database.url, SEED_DEMO_DATA: 'never' },
    });
    writer = new TestClient(service.baseUrl).withToken(await testToken(['ConfigApi_Write']));
  });

  /** POSTs `body` while /health/live is probed (a slow probe confirmed by a second run). */
  async function postWhileProbing(body: object) {
    const { last } = await livenessConfirmed(
      service.baseUrl,
      () => writer.post<{ status: number; errors?: Record<string, string[]> }>(V10, body),
      { limitMs: LIVENESS_LIMIT_MS },
    );
    return { response: last.result, probes: last.probes, slowestMs: last.slowestMs };
  }

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('answers 150,000 distinct sender identifiers (under 1 MiB) with a 400 while /health/live answers within 1 s', async () => {
    const body = uiTemplateBody({ senderIdentifiers: distinctSenders(150_000) });
    expect(JSON.stringify(body).length).toBeLessThan(1024 * 1024);

    const { response, probes, slowestMs } = await postWhileProbing(body);

    // Refused by the bound (a 413 should the body's element bound refuse it first), never a 500.
    expect([400, 413]).toContain(response.status);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    if (response.status === 400) {
      expect(response.body.errors?.['senderIdentifiers']).toContain(
        `senderIdentifiers must contain no more than ${UI_TEMPLATE_BOUNDS.maxSenderIdentifiers} elements`,
      );
    }
    expect(probes).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThanOrEqual(LIVENESS_LIMIT_MS);
  });

  it('answers 8,000 unknown properties of long names (contract 4) with 100 errors while /health/live answers within 1 s', async () => {
    const unknown = Object.fromEntries(
      Array.from({ length: 8000 }, (_, index) => [`displayNam${index}`.padEnd(100, 'e'), 1]),
    );
    const body = { ...uiTemplateBody(), ...unknown, [`isNewTap${'p'.repeat(100_000)}`]: true };
    expect(JSON.stringify(body).length).toBeLessThan(1024 * 1024);

    const { response, probes, slowestMs } = await postWhileProbing(body);

    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toHaveLength(100);
    expect(Object.values(response.body.errors ?? {})[0]).toEqual([
      expect.stringMatching(/^displayNam0e+: unknown property; known: /),
    ]);
    expect(probes).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThanOrEqual(LIVENESS_LIMIT_MS);
  });

  it('takes the most sender identifiers the bound allows, and names a repeat by its indices', async () => {
    const senders = distinctSenders(UI_TEMPLATE_BOUNDS.maxSenderIdentifiers).map((id) => `bound-${id}`);
    const created = await writer.post<{ senderIdentifiers: string[] }>(
      V10,
      uiTemplateBody({ senderIdentifiers: senders }),
    );
    expect(created.status).toBe(201);
    expect(created.body.senderIdentifiers).toEqual(senders);

    const repeated = await writer.post<{ errors: Record<string, string[]> }>(
      V10,
      uiTemplateBody({ senderIdentifiers: [...senders.slice(0, 98), 'again', senders[3]] }),
    );
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors).toEqual({
      senderIdentifiers: ['senderIdentifiers must not repeat a value: [99] repeats [3]'],
    });
  });
});
