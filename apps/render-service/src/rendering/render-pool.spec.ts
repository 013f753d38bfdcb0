import type { RenderTask } from './render-document';
import { type PoolResult, RenderPool } from './render-pool';

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
    sut = new RenderPool({ workers: 1, queueLimit: 3, timeoutMs: 20_000 });
    await sut.onModuleInit();
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('renders, queues in order, refuses past the queue, and drops a waiting task whose client has gone', async () => {
    const latch = sut.hold();
    const finished: string[] = [];
    const track = (name: string, result: Promise<PoolResult>): Promise<PoolResult> =>
      result.then((outcome) => {
        finished.push(name);
        return outcome;
      });
    const running = track('running', sut.run(task(3)));
    await latch.arrived(1);
    const client = new AbortController();
    const abandoned = sut.run(task(1), client.signal);
    const first = track('first', sut.run(task(1)));
    const second = track('second', sut.run(task(2)));
    expect(sut.load).toEqual({ running: 1, waiting: 3 });
    expect(await sut.run(task(1))).toEqual({ kind: 'busy', retryAfterSeconds: expect.any(Number) });

    client.abort();
    expect(await abandoned).toEqual({ kind: 'cancelled' });
    expect(sut.load).toEqual({ running: 1, waiting: 2 });
    expect(finished).toEqual([]);
    latch.release();
    const results = await Promise.all([running, first, second]);
    expect(results.map((result) => result.kind)).toEqual(['document', 'document', 'document']);
    // One worker: the waiting tasks ran one after the other, oldest first.
    expect(finished).toEqual(['running', 'first', 'second']);
    expect(sut.load).toEqual({ running: 0, waiting: 0 });
  });

  it("answers the client's errors as refusals", async () => {
    expect(await sut.run({ ...task(1), data: '{' })).toEqual({
      kind: 'refused',
      code: 'DATA.MALFORMED',
      message: expect.stringMatching(/^data is not valid JSON/),
    });
  });

  it('stops a running task and drops a waiting one at their deadlines, then serves on', async () => {
    const short = new RenderPool({ workers: 1, queueLimit: 5, timeoutMs: 2000 });
    try {
      await short.onModuleInit();
      // The worker is held past the deadline, as a render that never ends would hold it.
      const latch = short.hold();
      const results = Promise.all([short.run(task(1)), short.run(task(1))]);
      await latch.arrived(1);
      expect(short.load).toEqual({ running: 1, waiting: 1 });
      expect(await results).toEqual([
        { kind: 'timeout', timeoutMs: 2000 },
        { kind: 'timeout', timeoutMs: 2000 },
      ]);
      latch.release();
      // The stopped worker was taken down; a fresh one serves once it has loaded.
      await short.workersReady();
      expect((await short.run(task(1))).kind).toBe('document');
    } finally {
      await short.close();
    }
  });
});
