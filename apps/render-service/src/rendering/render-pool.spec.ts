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
    // A deadline no render of these tests comes near, however loaded the machine: they stop tasks
    // with a latch (expire) or on a pool of their own.
    sut = new RenderPool({ workers: 1, queueLimit: 3, timeoutMs: 60_000 });
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

  it('stops a running task when its deadline passes, takes its worker down, and serves the next', async () => {
    const latch = sut.hold();
    const running = sut.run(task(1));
    await latch.arrived(1);
    const waiting = sut.run(task(1));
    latch.expire();
    expect(await running).toEqual({ kind: 'timeout', timeoutMs: 60_000 });
    // The stopped task's thread stays blocked: only a fresh worker can serve the next task.
    expect((await waiting).kind).toBe('document');
    await sut.workersReady();
    expect((await sut.run(task(1))).kind).toBe('document');
  });

  it('answers a task whose deadline passes while it waits as overdue (never started), one held in a worker as timed out', async () => {
    const latch = sut.hold();
    const running = sut.run(task(1));
    await latch.arrived(1);
    const waiting = sut.run(task(1));
    expect(sut.load).toEqual({ running: 1, waiting: 1 });
    latch.expireQueued();
    expect(await waiting).toEqual({
      kind: 'overdue',
      timeoutMs: 60_000,
      retryAfterSeconds: expect.any(Number),
    });
    expect(sut.load).toEqual({ running: 1, waiting: 0 });
    latch.expire();
    expect(await running).toEqual({ kind: 'timeout', timeoutMs: 60_000 });
    // Its worker was taken down: the pool is ready again once the replacement has loaded, not before.
    let replaced = false;
    const ready = sut.workersReady().then(() => (replaced = true));
    await Promise.resolve();
    expect(replaced).toBe(false);
    await ready;
    expect((await sut.run(task(1))).kind).toBe('document');
  });

  it('stops a running task and drops a waiting one when the clock passes their deadline', async () => {
    const short = new RenderPool({ workers: 1, queueLimit: 5, timeoutMs: 500 });
    try {
      await short.onModuleInit();
      // Held past the deadline, as a render that never ends would be: the outcome is certain.
      const latch = short.hold();
      const results = await Promise.all([short.run(task(1)), short.run(task(1))]);
      // The second waited for the one worker (and then for its replacement) all along.
      expect(results).toEqual([
        { kind: 'timeout', timeoutMs: 500 },
        { kind: 'overdue', timeoutMs: 500, retryAfterSeconds: expect.any(Number) },
      ]);
      expect(short.load).toEqual({ running: 0, waiting: 0 });
      latch.release();
    } finally {
      await short.close();
    }
  });
});
