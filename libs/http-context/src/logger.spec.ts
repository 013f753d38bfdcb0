import pino from 'pino';

import { createLogger, isoTimestamp, PinoNestLogger } from './logger';

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

describe(PinoNestLogger.name, () => {
  const linesOf = (level: 'info' | 'debug', write: (sut: PinoNestLogger) => void) => {
    const lines: Record<string, unknown>[] = [];
    const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
    write(new PinoNestLogger(createLogger('test-service', level, destination)));
    return lines;
  };

  it("writes Nest's start-up narration (Mapped ... route, ... initialized) at debug level only", () => {
    const narrate = (sut: PinoNestLogger) => {
      sut.log('Mapped {/demo/v10-0/profiles, GET} route', 'RouterExplorer');
      sut.log('ProfilesController {/demo/v10-0/profiles}:', 'RoutesResolver');
      sut.log('AppModule dependencies initialized', 'InstanceLoader');
      sut.log('Starting Nest application...', 'NestFactory');
      sut.log('Nest application successfully started', 'NestApplication');
      sut.log('demo data inserted', 'DemoData');
      sut.warn('a warning of the framework', 'RouterExplorer');
    };
    expect(linesOf('info', narrate).map((line) => line['msg'])).toEqual([
      'demo data inserted',
      'a warning of the framework',
    ]);
    const debug = linesOf('debug', narrate);
    expect(debug).toHaveLength(7);
    expect(debug[0]).toMatchObject({ level: 'debug', context: 'RouterExplorer' });
  });
});
