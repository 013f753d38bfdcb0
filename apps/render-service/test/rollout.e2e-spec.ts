/**
 * Counts every request a rolling restart loses, as its traffic's client sees them: beside the
 * side-by-side lane's full load, that client once saw a reset (a request sent on a keep-alive
 * connection as it closed). It runs beside the other suites that mostly wait (preStop hooks and
 * drains, rounds, windows), which leave the cores about half idle (tools/jest/lanes.js).
 *
 * @lane waiting
 */
import {
  expectLosslessRollout,
  readSlowly,
  rollingRestart,
  TEST_REDIS_URL,
  TestClient,
  testToken,
  waitUntil,
} from '@portal/testing';

import { unzip } from './zip-entries';

const RENDER = '/demo/v10-0/render';
/** A 7 MB document: 70,000 lines of 100 characters. */
const LINES = 70_000;
const LINE = 'x'.repeat(99);
/** The job's letters: enough to last across both replicas' stops at the traffic's pace. */
const JOB_ITEMS = 1500;

describe('render-service through a rolling restart (two replicas behind a Service, real PostgreSQL and Redis)', () => {
  it('loses no render of a steady traffic, and a 7 MB document on its way at SIGTERM arrives whole', async () => {
    const token = await testToken(['RenderApi_Render']);
    const outcome = await rollingRestart({
      service: 'render-service',
      env: { RENDER_WORKERS: '3', REDIS_URL: TEST_REDIS_URL },
      // Letters as text and, one in five, as a PDF.
      request: (n) => ({
        method: 'POST',
        path: RENDER,
        token,
        body: {
          inputFormat: 'txt',
          outputFormat: n % 5 === 0 ? 'pdf' : 'txt',
          templateData: 'Sehr geehrte Frau {{name}}, Ihre Anfrage Nr. {{number}} ist eingegangen.',
          data: { name: 'Muster', number: n },
        },
      }),
      // A job of letters accepted by an old replica, rendered across the rollout, finished on the new ones.
      across: async (baseUrl) => {
        // A caller of its own: its items take their turns beside the traffic's renders, not before them.
        const jobs = new TestClient(baseUrl).withToken(
          await testToken(['RenderApi_Render'], { subject: 'night-batch' }),
        );
        const created = await jobs.post<Record<string, any>>('/demo/v10-0/render-jobs', {
          inputFormat: 'txt',
          outputFormat: 'pdf',
          templateData: 'Brief {{number}} an {{name}}',
          fileName: 'brief-{{number}}',
          items: Array.from({ length: JOB_ITEMS }, (_, index) => ({
            number: index + 1,
            name: `Person ${index + 1}`,
          })),
        });
        expect(created.status).toBe(202);
        return async () => {
          let job: Record<string, any> = created.body;
          await waitUntil(
            async () => {
              await new Promise((resolve) => setTimeout(resolve, 500));
              job = (await jobs.get<Record<string, any>>(`/demo/v10-0/render-jobs/${created.body.id}`)).body;
              return !['queued', 'running'].includes(job.state as string);
            },
            'the job accepted before the rollout finishes',
            120_000,
          );
          const entries = await unzip(
            Buffer.from((await jobs.get(`/demo/v10-0/render-jobs/${created.body.id}/result`)).bytes),
          );
          return {
            state: job.state,
            counts: job.counts,
            files: new Set(entries.map((entry) => entry.name)).size,
          };
        };
      },
      largeAnswer: async (replicaUrl) => {
        const answer = await readSlowly(
          `${replicaUrl}${RENDER}`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              inputFormat: 'txt',
              outputFormat: 'txt',
              templateData: '{{#each lines}}{{this}}\n{{/each}}',
              data: { lines: Array.from({ length: LINES }, () => LINE) },
            }),
          },
          1024 * 1024,
        );
        const text = answer.bytes.toString('utf8');
        const expected = `${LINE}\n`.repeat(LINES);
        return {
          what: `POST ${RENDER} of ${LINES} lines`,
          ...answer,
          bytes: answer.bytes.byteLength,
          complete: answer.complete && text === expected,
          ...(text === expected ? {} : { firstDifference: firstDifference(text, expected) }),
        };
      },
    });
    expectLosslessRollout('render-service', outcome);
    // Every letter of the job once, though each replica that held its items stopped meanwhile.
    expect(outcome.across).toEqual({
      state: 'succeeded',
      counts: { total: JOB_ITEMS, done: JOB_ITEMS, failed: 0 },
      files: JOB_ITEMS,
    });
  }, 300_000);
});

function firstDifference(text: string, expected: string): number {
  let index = 0;
  while (index < text.length && text[index] === expected[index]) index += 1;
  return index;
}
