import { FairQueue } from './fair-queue';

/** Takes every task the queue gives now, each finished at once, in the order given. */
function takeAll(sut: FairQueue<string>): string[] {
  const order: string[] = [];
  for (let next = sut.take(); next; next = sut.take()) {
    order.push(next.task);
    sut.done(next.caller);
  }
  return order;
}

describe(FairQueue.name, () => {
  it('serves the callers in turn, each caller its own tasks in order', () => {
    const sut = new FairQueue<string>(1);
    for (const task of ['a1', 'a2', 'a3', 'a4']) sut.push('a', task);
    sut.push('b', 'b1');
    sut.push('b', 'b2');
    sut.push('c', 'c1');
    expect(sut.size).toBe(7);
    expect(takeAll(sut)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
    expect(sut.size).toBe(0);
  });

  it('lets a caller run at most its limit while its other tasks wait, and no more when others wait', () => {
    const sut = new FairQueue<string>(2);
    for (const task of ['a1', 'a2', 'a3']) sut.push('a', task);
    expect(sut.take()).toEqual({ caller: 'a', task: 'a1' });
    expect(sut.take()).toEqual({ caller: 'a', task: 'a2' });
    // a runs two: its third waits even with a worker free...
    expect(sut.take()).toBeUndefined();
    // ...which a newcomer takes at once.
    sut.push('b', 'b1');
    expect(sut.take()).toEqual({ caller: 'b', task: 'b1' });
    sut.done('a');
    expect(sut.take()).toEqual({ caller: 'a', task: 'a3' });
    expect([sut.runningOf('a'), sut.runningOf('b'), sut.waitingOf('a')]).toEqual([2, 1, 0]);
  });

  it("gives a newcomer the next turn, not a turn after every waiting caller's", () => {
    const sut = new FairQueue<string>(1);
    for (const task of ['a1', 'a2']) sut.push('a', task);
    for (const task of ['b1', 'b2']) sut.push('b', task);
    const first = sut.take();
    sut.done(first?.caller ?? '');
    sut.push('c', 'c1');
    expect(takeAll(sut)).toEqual(['b1', 'c1', 'a2', 'b2']);
  });

  it('removes a waiting task (its client left) and forgets a caller with nothing left', () => {
    const sut = new FairQueue<string>(1);
    sut.push('a', 'a1');
    sut.push('b', 'b1');
    expect(sut.remove('a', 'a1')).toBe(true);
    expect(sut.remove('a', 'a1')).toBe(false);
    expect(sut.waitingOf('a')).toBe(0);
    expect(takeAll(sut)).toEqual(['b1']);
  });

  it('drains every waiting task when closing, and refuses a limit below one', () => {
    const sut = new FairQueue<string>(1);
    sut.push('a', 'a1');
    sut.push('b', 'b1');
    expect(sut.drain().sort()).toEqual(['a1', 'b1']);
    expect(sut.size).toBe(0);
    expect(() => new FairQueue(0)).toThrow(RangeError);
  });
});
