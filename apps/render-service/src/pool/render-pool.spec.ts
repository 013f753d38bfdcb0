import type { RenderTask } from '../engine/document/render-document';
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

const ALICE = { caller: 'alice' };

describe(RenderPool.name, () => {
  let sut: RenderPool;

  beforeAll(async () => {
    // A deadline no render of these tests comes near, however loaded the machine: they stop tasks
    // with a latch (expire) or on a pool of their own.
    sut = new RenderPool({ workers: 1, queueLimit: 3, timeoutMs: 60_000, queueWaitMs: 60_000 });
    await sut.onModuleInit();
  });

  afterAll(async () => {
    await sut?.close();
  });

  const track = (finished: string[], name: string, result: Promise<PoolResult>): Promise<PoolResult> =>
    result.then((outcome) => {
      finished.push(name);
      return outcome;
    });

  it("renders a caller's tasks in its order, refuses past the queue, and drops a waiting task whose client has gone", async () => {
    const latch = sut.hold();
    const finished: string[] = [];
    const running = track(finished, 'running', sut.run(task(3), ALICE));
    await latch.arrived(1);
    const client = new AbortController();
    const abandoned = sut.run(task(1), { ...ALICE, client: client.signal });
    const first = track(finished, 'first', sut.run(task(1), ALICE));
    const second = track(finished, 'second', sut.run(task(2), ALICE));
    expect(sut.load).toEqual({ running: 1, waiting: 3 });
    expect(await sut.run(task(1), ALICE)).toEqual({ kind: 'busy', retryAfterSeconds: expect.any(Number) });

    client.abort();
    expect(await abandoned).toEqual({ kind: 'cancelled' });
    expect(sut.load).toEqual({ running: 1, waiting: 2 });

    latch.release();
    const results = await Promise.all([running, first, second]);
    expect(results.map((result) => result.kind)).toEqual(['document', 'document', 'document']);
    // One worker: the waiting tasks ran one after the other, oldest first.
    expect(finished).toEqual(['running', 'first', 'second']);
    expect(sut.load).toEqual({ running: 0, waiting: 0 });
  });

  it('takes the waiting tasks round robin by caller, so that a caller with many waits no longer than its turn', async () => {
    const latch = sut.hold();
    const finished: string[] = [];
    const running = track(finished, 'a0', sut.run(task(1), { caller: 'a' }));
    await latch.arrived(1);
    const queued = [
      track(finished, 'a1', sut.run(task(1), { caller: 'a' })),
      track(finished, 'a2', sut.run(task(1), { caller: 'a' })),
      track(finished, 'b1', sut.run(task(1), { caller: 'b' })),
    ];
    latch.release();
    await Promise.all([running, ...queued]);
    // b came last but takes the turn after a's running task, before a's others.
    expect(finished).toEqual(['a0', 'b1', 'a1', 'a2']);
  });

  it("answers the client's errors as refusals", async () => {
    expect(await sut.run({ ...task(1), data: '{' }, ALICE)).toEqual({
      kind: 'refused',
      code: 'DATA.MALFORMED',
      message: expect.stringMatching(/^data is not valid JSON/),
    });
  });

  it('stops a running task when its own deadline passes, takes its worker down, and serves the next', async () => {
    const latch = sut.hold();
    const running = sut.run(task(1), ALICE);
    await latch.arrived(1);
    const waiting = sut.run(task(1), ALICE);
    latch.expire();
    expect(await running).toEqual({ kind: 'timeout', timeoutMs: 60_000 });
    // The stopped task's thread stays blocked: only a fresh worker can serve the next task.
    expect((await waiting).kind).toBe('document');
    await sut.workersReady();
    expect((await sut.run(task(1), ALICE)).kind).toBe('document');
  });

  it('answers a task whose wait for a worker is over as overdue (never started), one held in a worker as timed out', async () => {
    const latch = sut.hold();
    const running = sut.run(task(1), ALICE);
    await latch.arrived(1);
    const waiting = sut.run(task(1), ALICE);
    expect(sut.load).toEqual({ running: 1, waiting: 1 });
    latch.expireQueued();
    expect(await waiting).toEqual({
      kind: 'overdue',
      waitedMs: expect.any(Number),
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
    expect((await sut.run(task(1), ALICE)).kind).toBe('document');
  });
});

describe(`${RenderPool.name} on the clock`, () => {
  it("counts a render's own run only: one that waited longer than a render may run still renders", async () => {
    const pool = new RenderPool({ workers: 1, queueLimit: 5, timeoutMs: 500, queueWaitMs: 60_000 });
    try {
      await pool.onModuleInit();
      // The one worker is held past the first task's own deadline, as a render that never ends.
      const latch = pool.hold();
      const first = pool.run(task(1), ALICE);
      const second = pool.run(task(1), ALICE);
      expect(await first).toEqual({ kind: 'timeout', timeoutMs: 500 });
      // Released before the replacement worker loads: the second starts unheld, having waited over 500 ms.
      latch.release();
      expect((await second).kind).toBe('document');
    } finally {
      await pool.close();
    }
  });

  it('answers a render whose wait passed its bound as overdue (503, the load), with how long it waited', async () => {
    const pool = new RenderPool({ workers: 1, queueLimit: 5, timeoutMs: 60_000, queueWaitMs: 300 });
    try {
      await pool.onModuleInit();
      const latch = pool.hold();
      const first = pool.run(task(1), ALICE);
      await latch.arrived(1);
      const waited = await pool.run(task(1), { caller: 'bob' });
      expect(waited).toEqual({
        kind: 'overdue',
        waitedMs: expect.any(Number),
        retryAfterSeconds: expect.any(Number),
      });
      expect((waited as { waitedMs: number }).waitedMs).toBeGreaterThanOrEqual(290);
      latch.release();
      expect((await first).kind).toBe('document');
    } finally {
      await pool.close();
    }
  });

  it('keeps a worker for the next caller: one caller holds at most all workers but one while it has more waiting', async () => {
    const pool = new RenderPool({ workers: 3, queueLimit: 20, timeoutMs: 60_000, queueWaitMs: 60_000 });
    try {
      await pool.onModuleInit();
      const latch = pool.hold();
      const greedy = Array.from({ length: 6 }, () => pool.run(task(1), { caller: 'greedy' }));
      await latch.arrived(2);
      expect(pool.load).toEqual({ running: 2, waiting: 4 });
      // The polite caller's render starts at once, on the worker kept free.
      const polite = pool.run(task(1), { caller: 'polite' });
      await latch.arrived(3);
      expect(pool.load).toEqual({ running: 3, waiting: 4 });
      latch.release();
      expect((await polite).kind).toBe('document');
      expect((await Promise.all(greedy)).map((result) => result.kind)).toEqual(Array(6).fill('document'));
    } finally {
      await pool.close();
    }
  });
});
