/**
 * Measures how late probes are answered: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { livenessConfirmed, livenessDuring } from './liveness';

/** Holds this thread, the one the probed server answers on, for `ms`. */
const holdThread = (ms: number): void => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('livenessDuring', () => {
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer((_request, response) => response.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('counts a server that answers at once as live, with the work’s result', async () => {
    const watched = await livenessDuring(baseUrl, async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return 'done';
    });
    expect(watched.result).toBe('done');
    expect(watched.probes).toBeGreaterThan(1);
    expect(watched.slowestMs).toBeLessThan(400);
  });

  it('sees the work hold the event loop', async () => {
    const watched = await livenessDuring(baseUrl, async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      holdThread(1_200);
    });
    expect(watched.slowestMs).toBeGreaterThanOrEqual(1_000);
    expect(watched.slowestSentAtMs).toBeGreaterThanOrEqual(0);
  });

  it('counts what the work leaves the server doing once it has answered', async () => {
    const watched = await livenessDuring(baseUrl, async () => {
      setTimeout(() => holdThread(1_200), 0);
      return Promise.resolve();
    });
    expect(watched.slowestMs).toBeGreaterThanOrEqual(1_000);
  });

  it('does not count the prober’s own warm-up: the first answer it gets before the work starts', async () => {
    let answered = 0;
    const slowFirst = createServer((_request, response) => {
      answered += 1;
      setTimeout(() => response.end('{"status":"ok"}'), answered === 1 ? 1_200 : 0);
    });
    await new Promise<void>((resolve) => slowFirst.listen(0, '127.0.0.1', resolve));
    try {
      const watched = await livenessDuring(
        `http://127.0.0.1:${(slowFirst.address() as AddressInfo).port}`,
        () => new Promise((resolve) => setTimeout(resolve, 100)),
      );
      expect(answered).toBeGreaterThan(1);
      expect(watched.slowestMs).toBeLessThan(1_000);
    } finally {
      slowFirst.closeAllConnections();
      await new Promise((resolve) => slowFirst.close(resolve));
    }
  });

  describe('livenessConfirmed', () => {
    const holdingRuns = (holds: readonly boolean[]): (() => Promise<number>) => {
      let runs = 0;
      return async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (holds[runs - 1]) holdThread(1_200);
        return runs;
      };
    };

    it('runs the work once when every probe is quick', async () => {
      const { first, last } = await livenessConfirmed(baseUrl, holdingRuns([]), { limitMs: 1_000 });
      expect(last).toBe(first);
      expect(last.result).toBe(1);
    });

    it('runs it again after a slow probe, and the second run is the verdict', async () => {
      const { first, last } = await livenessConfirmed(baseUrl, holdingRuns([true, false]), {
        limitMs: 1_000,
      });
      expect(first.slowestMs).toBeGreaterThan(1_000);
      expect(last.result).toBe(2);
      expect(last.slowestMs).toBeLessThan(1_000);
    });

    it('stays slow for a service that is slow each time', async () => {
      const { last } = await livenessConfirmed(baseUrl, holdingRuns([true, true]), { limitMs: 1_000 });
      expect(last.result).toBe(2);
      expect(last.slowestMs).toBeGreaterThan(1_000);
    });

    it('does not run it again when confirmIf says the first run failed otherwise', async () => {
      const { first, last } = await livenessConfirmed(baseUrl, holdingRuns([true, false]), {
        limitMs: 1_000,
        confirmIf: () => false,
      });
      expect(last).toBe(first);
      expect(last.slowestMs).toBeGreaterThan(1_000);
    });
  });
});
