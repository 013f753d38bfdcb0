import pino from 'pino';

import { isoTimestamp } from './logger';

describe(isoTimestamp.name, () => {
  it("writes what pino's isoTime writes, across seconds, days and years", () => {
    const instants = [
      0,
      1,
      9,
      10,
      99,
      100,
      999,
      1000,
      Date.UTC(2026, 10, 27, 4, 10, 12, 345),
      Date.UTC(2026, 10, 27, 4, 10, 12, 346),
      Date.UTC(2026, 10, 27, 4, 10, 13, 7),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2027, 0, 1, 0, 0, 0, 0),
      Date.UTC(2027, 0, 1, 0, 0, 0, 50),
      // Back again: the date of the second is not assumed to move forward only.
      Date.UTC(2026, 10, 27, 4, 10, 12, 1),
    ];
    const now = jest.spyOn(Date, 'now');
    try {
      for (const instant of instants) {
        now.mockReturnValue(instant);
        expect(isoTimestamp()).toBe(pino.stdTimeFunctions.isoTime());
        expect(isoTimestamp(instant)).toBe(`,"time":"${new Date(instant).toISOString()}"`);
      }
    } finally {
      now.mockRestore();
    }
  });
});
