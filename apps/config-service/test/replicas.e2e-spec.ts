/**
 * Runs replicas as processes that share Redis, whose every command must answer within the
 * services' 250 ms deadline: beside the side-by-side lane's full load Redis once missed it and
 * the replicas fell back to counting alone. It runs beside the other suites that mostly wait
 * (rounds, windows, preStop hooks), which leave the cores about half idle (tools/jest/lanes.js).
 *
 * @lane waiting
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';

import { Client } from 'pg';

import {
  createTestDatabase,
  type ServiceProcess,
  startServiceProcess,
  TcpProxy,
  TEST_REDIS_URL as REDIS_URL,
  TestClient,
  type TestDatabase,
  type TestResponse,
  testToken,
  waitUntil,
} from '@portal/testing';

const MAIN = path.join(__dirname, '..', 'src', 'main.ts');

/** A tenant of this run's own: every Redis key carries it, so parallel runs on one Redis never meet. */
const TENANT = `replicas_${randomUUID().slice(0, 8)}`;
const TEMPLATES = `/${TENANT}/v10-0/ui-templates`;
const STREAM = `${TEMPLATES}?PageSize=-1`;
const PAGE = `${TEMPLATES}?PageSize=5`;

/** Real limits, small enough to reach with a few requests. */
const RATE_LIMIT_PER_MINUTE = 10;
const MAX_CONCURRENT_PER_CALLER = 3;

/** What the replicas log once their limits fall back to their own counts. */
const FALLBACK_WARNING =
  /"msg":"Redis is unreachable \([a-z ]+\); requests in flight are counted by this replica alone and rate limits are not enforced \(requests are let through\)"/;

/**
 * Two config-service processes on one database and one Redis, as two replicas run: a caller's rate
 * and its requests in flight are counted across both, and each falls back to its own counts once
 * Redis is gone. Redis is reached through a TCP proxy the test takes away.
 */
describe('config-service replicas share per-caller limits (two processes, real PostgreSQL and Redis)', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  const processes: ServiceProcess[] = [];
  /** A connection of the test's own, which holds the templates' table locked while requests wait on it. */
  let locker: Client;
  /** Another, which watches them wait (a transaction would read pg_stat_activity's first snapshot only). */
  let watcher: Client;

  beforeAll(async () => {
    database = await createTestDatabase('config_replicas');
    const redis = new URL(REDIS_URL);
    proxy = await TcpProxy.start({ host: redis.hostname, port: Number(redis.port || 6379) });
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: proxy.via(REDIS_URL),
      TENANT,
      SEED_DEMO_DATA: 'never',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE),
      RATE_LIMIT_BURST: '100',
      MAX_CONCURRENT_PER_CALLER: String(MAX_CONCURRENT_PER_CALLER),
      MAX_STREAMS_PER_CALLER: '1',
      DATABASE_POOL_SIZE: '10',
      // A read waiting on the test's lock waits for it, not for the database's timeouts.
      DATABASE_LOCK_TIMEOUT_MS: '30000',
      DATABASE_STATEMENT_TIMEOUT_MS: '30000',
    };
    // One after the other: the first applies the migrations. Each compiles the service's sources as
    // it loads them, which takes a busy machine a while (the hook's 120 s).
    processes.push(await startServiceProcess({ main: MAIN, env }));
    processes.push(await startServiceProcess({ main: MAIN, env }));
    locker = new Client({ connectionString: database.url });
    watcher = new Client({ connectionString: database.url });
    await Promise.all([locker.connect(), watcher.connect()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([locker?.end(), watcher?.end()]);
    await Promise.all(processes.splice(0).map((running) => running.close()));
    await proxy?.close();
    await database?.drop();
  });

  /** A caller of its own on both replicas: subjects are unique per run. */
  const caller = async (name: string): Promise<[TestClient, TestClient]> => {
    const token = await testToken(['ConfigApi_Read'], { subject: `${name}-${randomUUID()}` });
    const [first, second] = processes.map((running) => new TestClient(running.baseUrl).withToken(token));
    return [first, second];
  };

  /** Reads wait on the table until `release`: requests held in flight, as a slow database holds them. */
  const lockTemplates = async (): Promise<void> => {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE ui_template IN ACCESS EXCLUSIVE MODE');
  };
  const release = () => locker.query('COMMIT');
  /** Resolves once `count` reads of either replica wait on the lock: past the guard, in flight. */
  const waiting = (count: number) =>
    waitUntil(async () => {
      const { rows } = await watcher.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return rows[0].count === count;
    }, `${count} reads wait on the lock`);

  const statuses = (responses: readonly TestResponse[]) => responses.map((response) => response.status);

  it("counts a caller's rate across both replicas: exactly the limit is accepted in all", async () => {
    const [first, second] = await caller('alice');
    const responses: TestResponse[] = [];
    for (let sent = 0; sent < RATE_LIMIT_PER_MINUTE + 6; sent += 1)
      responses.push(await (sent % 2 === 0 ? first : second).get(PAGE));
    expect(statuses(responses)).toEqual([
      ...Array.from({ length: RATE_LIMIT_PER_MINUTE }, () => 200),
      ...Array.from({ length: 6 }, () => 429),
    ]);
    // Each answer tells the budget left across both.
    expect(responses.slice(0, 4).map((response) => response.headers.get('ratelimit-remaining'))).toEqual([
      '9',
      '8',
      '7',
      '6',
    ]);
    expect(responses[RATE_LIMIT_PER_MINUTE].body).toMatchObject({
      status: 429,
      detail: expect.stringMatching(
        /^Rate limit exceeded: at most 10 requests per 60 s; retry after \d+ s\.$/,
      ),
    });
    // Another caller has a budget of its own.
    const [, other] = await caller('bob');
    expect((await other.get(PAGE)).status).toBe(200);
  });

  it("counts a caller's requests and streams in flight across both replicas", async () => {
    const [first, second] = await caller('carol');
    const [, others] = await caller('dave');
    await lockTemplates();
    try {
      // Carol's stream waits on the first replica; her second, on the other one, passes her bound of 1.
      const held = [first.get(STREAM)];
      await waiting(1);
      const secondStream = await second.get(STREAM);
      expect([secondStream.status, secondStream.headers.get('retry-after')]).toEqual([429, '5']);
      expect(secondStream.body).toMatchObject({
        detail:
          'Too many PageSize=-1 lists of this caller in flight: at most 1 at once; retry after 5 s, or ask for pages.',
      });
      // Two pages, one on each: three in flight in all, her bound; a fourth, on either, is refused.
      held.push(second.get(PAGE));
      await waiting(2);
      held.push(first.get(PAGE));
      await waiting(3);
      for (const replica of [first, second]) {
        const past = await replica.get(PAGE);
        expect([past.status, past.headers.get('retry-after')]).toEqual([429, '1']);
        expect(past.body).toMatchObject({
          detail: `Too many requests of this caller in flight: at most ${MAX_CONCURRENT_PER_CALLER} at once; retry after 1 s.`,
        });
      }
      // Another caller is not held to hers.
      held.push(others.get(PAGE));
      await waiting(4);
      await release();
      expect(statuses(await Promise.all(held))).toEqual([200, 200, 200, 200]);
    } finally {
      await locker.query('ROLLBACK');
    }
    // Hers have ended, on both: three at once again, wherever they go.
    expect(statuses(await Promise.all([first.get(PAGE), second.get(PAGE), first.get(STREAM)]))).toEqual([
      200, 200, 200,
    ]);
  });

  it("falls back to each replica's own counts once Redis is unreachable, and says so", async () => {
    await proxy.kill();
    const [first, second] = await caller('erin');
    // No rate: more than the minute's limit goes through, on both.
    const responses: TestResponse[] = [];
    for (let sent = 0; sent < RATE_LIMIT_PER_MINUTE + 2; sent += 1)
      responses.push(await (sent % 2 === 0 ? first : second).get(PAGE));
    expect(statuses(responses).every((status) => status === 200)).toBe(true);
    expect(responses[0].headers.get('ratelimit-limit')).toBeNull();

    // Requests in flight: each replica's own bound, so three on each.
    await lockTemplates();
    try {
      const held = [first.get(PAGE), first.get(PAGE), first.get(PAGE)];
      await waiting(3);
      expect((await first.get(PAGE)).status).toBe(429);
      held.push(second.get(PAGE), second.get(PAGE), second.get(PAGE));
      await waiting(6);
      expect((await second.get(PAGE)).status).toBe(429);
      await release();
      expect(statuses(await Promise.all(held))).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      await locker.query('ROLLBACK');
    }

    // Each replica says what happened (no connection, not a slow answer) and what it does meanwhile.
    for (const replica of processes) {
      expect(replica.linesMatching(FALLBACK_WARNING).length).toBeGreaterThanOrEqual(1);
      expect(replica.linesMatching(/Redis did not answer/)).toEqual([]);
    }
  });

  it('shares the counts again once Redis is back', async () => {
    await proxy.restore();
    const [first, second] = await caller('frank');
    // ioredis reconnects with a back-off of up to 2 s.
    await waitUntil(
      async () =>
        (await first.get(PAGE)).headers.get('ratelimit-limit') !== null &&
        (await second.get(PAGE)).headers.get('ratelimit-limit') !== null,
      'both replicas count in Redis again',
    );
    const next = await first.get(PAGE);
    const after = await second.get(PAGE);
    expect(Number(after.headers.get('ratelimit-remaining'))).toBe(
      Number(next.headers.get('ratelimit-remaining')) - 1,
    );
  });
});
