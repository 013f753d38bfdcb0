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
import { setTimeout as sleep } from 'node:timers/promises';

import {
  createTestDatabase,
  type ServiceProcess,
  startServiceProcess,
  TEST_REDIS_URL as REDIS_URL,
  TestClient,
  type TestDatabase,
  waitUntil,
} from '@portal/testing';

const MAIN = path.join(__dirname, '..', 'src', 'main.ts');
const INTERVAL_MS = 1000;
const WINDOW_MS = 10_000;

/** The rounds a replica ran, from its /metrics. */
async function roundsRun(replica: ServiceProcess): Promise<number> {
  const metrics = await new TestClient(replica.baseUrl).get('/metrics');
  const line = /^reach_reconciliations_total\{[^}]*\} (\d+)$/m.exec(metrics.text);
  if (!line) throw new Error(`No reach_reconciliations_total on /metrics:\n${metrics.text.slice(0, 500)}`);
  return Number(line[1]);
}

/**
 * Two profile-service processes on one database and one Redis, as two replicas run: the reach
 * reconciler's timer ticks on both every REACH_RECONCILE_INTERVAL_MS, and a round runs once per
 * interval across them (its lease in Redis), not once per replica (contract 9).
 */
describe('profile-service replicas run the reach reconciler once per interval (two processes, real PostgreSQL and Redis)', () => {
  let database: TestDatabase;
  const processes: ServiceProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('profile_replicas');
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      // A tenant of this run's own: the lease's key carries it, so parallel runs never share one.
      TENANT: `replicas_${randomUUID().slice(0, 8)}`,
      SEED_DEMO_DATA: 'never',
      REACH_RECONCILE_INTERVAL_MS: String(INTERVAL_MS),
    };
    // One after the other: the first applies the migrations. Each compiles the service's sources as
    // it loads them, which takes a busy machine a while (the hook's 120 s).
    processes.push(await startServiceProcess({ main: MAIN, env }));
    processes.push(await startServiceProcess({ main: MAIN, env }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.splice(0).map((running) => running.close()));
    await database?.drop();
  });

  const roundsOfBoth = async (): Promise<number> =>
    (await Promise.all(processes.map(roundsRun))).reduce((sum, rounds) => sum + rounds, 0);

  it(`runs about one round per ${INTERVAL_MS} ms across both replicas, not one on each`, async () => {
    await waitUntil(async () => (await roundsOfBoth()) > 0, 'the first round has run');
    const before = await roundsOfBoth();
    const started = performance.now();
    await sleep(WINDOW_MS);
    const rounds = (await roundsOfBoth()) - before;
    const intervals = (performance.now() - started) / INTERVAL_MS;
    const each = await Promise.all(processes.map(roundsRun));
    process.stdout.write(
      `\nreach rounds: ${rounds} in ${intervals.toFixed(2)} intervals (since start, per replica: ${each.join(', ')})\n`,
    );
    // Two replicas each running their own would make it twice as many.
    expect(rounds).toBeGreaterThanOrEqual(Math.floor(intervals) - 1);
    expect(rounds).toBeLessThanOrEqual(Math.ceil(intervals) + 1);
    // A round's start is logged at debug only: nothing of it at the services' info level.
    for (const replica of processes) expect(replica.linesMatching(/reach reconciliation round/)).toEqual([]);
  });
});
