import { CallerLimits, InFlightCounts, streamsForPool } from './caller-limits';

describe(InFlightCounts.name, () => {
  it('counts each caller up to its limit, and again once one ends', () => {
    const sut = new InFlightCounts(2);
    expect(sut.tryTake('alice')).toBe(true);
    expect(sut.tryTake('alice')).toBe(true);
    expect(sut.tryTake('alice')).toBe(false);
    expect(sut.tryTake('bob')).toBe(true);
    expect([sut.countOf('alice'), sut.countOf('bob')]).toEqual([2, 1]);
    sut.give('alice');
    expect(sut.tryTake('alice')).toBe(true);
    expect(sut.tryTake('alice')).toBe(false);
  });

  it('forgets a caller with nothing in flight, so that callers gone do not pile up', () => {
    const sut = new InFlightCounts(5);
    for (let caller = 0; caller < 100; caller += 1) sut.tryTake(`caller-${caller}`);
    expect(sut.callers).toBe(100);
    for (let caller = 0; caller < 100; caller += 1) sut.give(`caller-${caller}`);
    expect(sut.callers).toBe(0);
    // An unmatched give changes nothing rather than going below zero.
    sut.give('nobody');
    expect([sut.callers, sut.countOf('nobody')]).toEqual([0, 0]);
  });
});

describe(CallerLimits.name, () => {
  const limits = () => new CallerLimits({ maxRequestsPerCaller: 3, maxStreamsPerCaller: 2, maxStreams: 3 });

  it("refuses a caller's request past its bound, and only that caller's", () => {
    const sut = limits();
    for (let sent = 0; sent < 3; sent += 1) expect(sut.take('alice', false, false)).toBeUndefined();
    expect(sut.take('alice', false, false)).toBe('caller-requests');
    expect(sut.take('bob', false, false)).toBeUndefined();
    sut.give('alice', false, false);
    expect(sut.take('alice', false, false)).toBeUndefined();
    expect(sut.requestsOf('alice')).toBe(3);
  });

  it('counts subjects and addresses apart, even where they are spelt alike', () => {
    const sut = limits();
    for (let sent = 0; sent < 3; sent += 1) expect(sut.take('192.0.2.1', false, false)).toBeUndefined();
    expect(sut.take('192.0.2.1', true, false)).toBeUndefined();
    expect([sut.requestsOf('192.0.2.1'), sut.requestsOf('192.0.2.1', true)]).toEqual([3, 1]);
  });

  it('bounds streams per caller (after its requests), then all together', () => {
    const sut = limits();
    expect(sut.take('alice', false, true)).toBeUndefined();
    expect(sut.take('alice', false, true)).toBeUndefined();
    expect(sut.take('alice', false, true)).toBe('caller-streams');
    // Her ordinary requests still have room: streams are one more bound, not the only one.
    expect(sut.take('alice', false, false)).toBeUndefined();
    expect(sut.take('alice', false, false)).toBe('caller-requests');
    expect(sut.take('bob', false, true)).toBeUndefined();
    expect(sut.streamsInFlight).toBe(3);
    expect(sut.take('carol', false, true)).toBe('streams');
    expect(sut.take('carol', false, false)).toBeUndefined();
    sut.give('alice', false, true);
    expect(sut.take('carol', false, true)).toBeUndefined();
  });

  it('counts nothing for a request it refuses', () => {
    const sut = limits();
    sut.take('alice', false, true);
    sut.take('bob', false, true);
    sut.take('bob', false, true);
    expect(sut.take('carol', false, true)).toBe('streams');
    expect(sut.take('bob', false, true)).toBe('caller-streams');
    expect([sut.requestsOf('carol'), sut.streamsOf('carol')]).toEqual([0, 0]);
    expect([sut.requestsOf('bob'), sut.streamsOf('bob')]).toEqual([2, 2]);
    expect(sut.streamsInFlight).toBe(3);
    sut.give('alice', false, true);
    sut.give('bob', false, true);
    sut.give('bob', false, true);
    expect([sut.streamsInFlight, sut.callers]).toEqual([0, 0]);
  });
});

describe('streamsForPool', () => {
  it.each([
    [1, 1],
    [3, 1],
    [4, 1],
    [10, 2],
    [40, 10],
    [200, 50],
  ])('gives a pool of %i connections %i streams', (poolSize, streams) => {
    expect(streamsForPool(poolSize)).toBe(streams);
  });
});
