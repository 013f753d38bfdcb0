import { expectLosslessRollout, readSlowly, rollingRestart, testToken } from '@portal/testing';

const RENDER = '/demo/v10-0/render';
/** A 7 MB document: 70,000 lines of 100 characters. */
const LINES = 70_000;
const LINE = 'x'.repeat(99);

describe('render-service through a rolling restart (two replicas behind a Service, real PostgreSQL and Redis)', () => {
  it('loses no render of a steady traffic, and a 7 MB document on its way at SIGTERM arrives whole', async () => {
    const token = await testToken(['RenderApi_Render']);
    const outcome = await rollingRestart({
      service: 'render-service',
      env: { RENDER_WORKERS: '3', REDIS_URL: process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379' },
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
  }, 300_000);
});

function firstDifference(text: string, expected: string): number {
  let index = 0;
  while (index < text.length && text[index] === expected[index]) index += 1;
  return index;
}
