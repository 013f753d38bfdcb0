/**
 * Runs replicas as processes that share Redis, whose every command must answer within the
 * services' 250 ms deadline: beside the side-by-side lane's full load Redis once missed it and
 * the replicas fell back to counting alone. It runs beside the other suites that mostly wait
 * (rounds, windows, preStop hooks), which leave the cores about half idle (tools/jest/lanes.js).
 *
 * @lane waiting
 */
import path from 'node:path';

import {
  createTestDatabase,
  type ServiceProcess,
  startServiceProcess,
  TEST_REDIS_URL as REDIS_URL,
  TestClient,
  type TestDatabase,
  testToken,
  waitUntil,
} from '@portal/testing';

import { unzip } from './zip-entries';

const MAIN = path.join(__dirname, '..', 'src', 'main.ts');
const JOBS = '/demo/v10-0/render-jobs';
/**
 * Enough items that the kill, once 20 are done, comes well before the end: 150 text items were all
 * done by the time the progress was read on a fast machine.
 */
const ITEMS = 1000;

/** The zip's files as text by name; a name twice would be an item twice. */
async function unzipTexts(bytes: Uint8Array): Promise<Map<string, string>> {
  const entries = await unzip(Buffer.from(bytes));
  const files = new Map(entries.map((entry) => [entry.name, entry.bytes.toString('utf8')]));
  expect(files.size).toBe(entries.length);
  return files;
}

describe('render jobs across replicas (two processes, the queue in Redis, real PostgreSQL)', () => {
  let database: TestDatabase;
  const replicas: ServiceProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('render_jobs_replicas');
    // A replica that dies leaves its items to the other once their 2 s lock lapses.
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      RENDER_WORKERS: '3',
      RENDER_TIMEOUT_MS: '60000',
      RENDER_JOB_LOCK_MS: '2000',
    };
    replicas.push(await startServiceProcess({ main: MAIN, env }));
    replicas.push(await startServiceProcess({ main: MAIN, env }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await database?.drop();
  });

  it('finishes a job whose first replica is killed mid-job on the other, every item exactly once', async () => {
    const token = await testToken(['RenderApi_Render']);
    const [doomed, survivor] = replicas.map((replica) => new TestClient(replica.baseUrl).withToken(token));
    const created = await doomed.post<Record<string, any>>(JOBS, {
      inputFormat: 'txt',
      outputFormat: 'txt',
      templateData: 'Brief {{number}} an {{name}}',
      fileName: 'brief-{{number}}',
      items: Array.from({ length: ITEMS }, (_, index) => ({
        number: index + 1,
        name: `Person ${index + 1}`,
      })),
    });
    expect(created.status).toBe(202);
    const jobUrl = `${JOBS}/${created.body.id}`;
    // Both replicas take items; the one that accepted the job dies without a word once some are done.
    await waitUntil(
      async () => (await survivor.get<Record<string, any>>(jobUrl)).body.counts.done >= 20,
      'some items done',
    );
    expect(await replicas[0].kill()).toEqual({ code: null, signal: 'SIGKILL' });
    const progressAtKill = (await survivor.get<Record<string, any>>(jobUrl)).body.counts.done;
    expect(progressAtKill).toBeLessThan(ITEMS);

    let job: Record<string, any> = {};
    await waitUntil(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 250));
        job = (await survivor.get<Record<string, any>>(jobUrl)).body;
        return job.state === 'succeeded';
      },
      'the surviving replica finishes the job',
      90_000,
    );
    expect(job.counts).toEqual({ total: ITEMS, done: ITEMS, failed: 0 });
    const files = await unzipTexts((await survivor.get(`${jobUrl}/result`)).bytes);
    expect(files.size).toBe(ITEMS);
    for (let number = 1; number <= ITEMS; number += 1)
      expect(files.get(`brief-${number}.txt`)).toBe(`Brief ${number} an Person ${number}`);
  }, 180_000);
});
