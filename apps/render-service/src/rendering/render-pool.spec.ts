import type { RenderTask } from './render-document';
import { RenderPool } from './render-pool';

const task = (rows: number): RenderTask => ({
  kind: 'render',
  inputFormat: 'json',
  outputFormat: 'pdf',
  template: '{"content": [{"table": {"body": [["Nr"]{{#each rows}}, ["{{this}}"]{{/each}} ]}}]}',
  templateLabel: 'test',
  data: JSON.stringify({ rows: Array.from({ length: rows }, (_, index) => `Zeile ${index}`) }),
  rendererOptions: null,
});

describe(RenderPool.name, () => {
  let sut: RenderPool;

  beforeAll(async () => {
    sut = new RenderPool({ workers: 1, queueLimit: 2, timeoutMs: 20_000 });
    await sut.onModuleInit();
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('renders, queues in order, refuses past the queue, and drops a waiting task whose client has gone', async () => {
    const running = sut.run(task(1500));
    const client = new AbortController();
    const abandoned = sut.run(task(10), client.signal);
    const waiting = sut.run(task(10));
    expect(await sut.run(task(10))).toEqual({ kind: 'busy', retryAfterSeconds: expect.any(Number) });

    client.abort();
    expect(await abandoned).toEqual({ kind: 'cancelled' });
    const [first, second] = await Promise.all([running, waiting]);
    expect(first.kind).toBe('document');
    expect(second.kind).toBe('document');
  });

  it("answers the client's errors as refusals", async () => {
    expect(await sut.run({ ...task(1), data: '{' })).toEqual({
      kind: 'refused',
      code: 'DATA.MALFORMED',
      message: expect.stringMatching(/^data is not valid JSON/),
    });
  });

  it('stops a running task and drops a waiting one at their deadlines, then serves on', async () => {
    const short = new RenderPool({ workers: 1, queueLimit: 5, timeoutMs: 1000 });
    try {
      await short.onModuleInit();
      const started = performance.now();
      const [running, waiting] = await Promise.all([short.run(task(8000)), short.run(task(1))]);
      expect(running).toEqual({ kind: 'timeout', timeoutMs: 1000 });
      expect(waiting).toEqual({ kind: 'timeout', timeoutMs: 1000 });
      expect(performance.now() - started).toBeLessThan(5000);
      // The stopped worker is replaced (a new worker may take longer to load than a deadline).
      let next = await short.run(task(1));
      for (let attempt = 0; attempt < 10 && next.kind !== 'document'; attempt += 1)
        next = await short.run(task(1));
      expect(next.kind).toBe('document');
    } finally {
      await short.close();
    }
  });
});
