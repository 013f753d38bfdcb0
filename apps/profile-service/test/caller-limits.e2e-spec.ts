import http from 'node:http';

import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

import { type TestClient, testToken, waitUntil } from '@portal/testing';

import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10 } from './support/profile-test-app';
import { openTransactions } from './support/streams';

type Json = Record<string, any>;

/**
 * Enough profiles that a stream's body outgrows what the kernel buffers on loopback for a client
 * that does not read (about 4 MB here): its cursor stays open until the client reads on, leaves,
 * or the write deadline cuts it. The streams are opened at ProfileApi_Max, whose projection is
 * about 1 KiB a profile with Expand=Person_Account (some 20 MiB in all); ProfileApi_Low's is a
 * tenth of that, which the buffers would take whole.
 */
const SEEDED = 20_000;
const STREAM = `${V10}/profiles?PageSize=-1&Expand=Person_Account`;
const MAX_CONCURRENT_PER_CALLER = 4;
const WRITE_DEADLINE_MS = 1500;

/** The limits of the suites' services; a read a test holds on a lock waits for it, not the pool's limits. */
const ENV = {
  MAX_CONCURRENT_PER_CALLER: String(MAX_CONCURRENT_PER_CALLER),
  MAX_STREAMS_PER_CALLER: '2',
  DATABASE_POOL_SIZE: '10',
  DATABASE_LOCK_TIMEOUT_MS: '30000',
  // Also puts the database's idle_in_transaction_session_timeout at 120 s: nothing but the
  // service ends a stalled cursor's transaction within a test.
  DATABASE_STATEMENT_TIMEOUT_MS: '30000',
};

/** A response whose client read the status and headers, then stopped reading. */
interface Held {
  readonly status: number;
  readonly request: http.ClientRequest;
  readonly response: http.IncomingMessage;
}

/** A refusal, read whole. */
interface Refused {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: Json;
}

/**
 * GET on a connection of its own. A 200 is held: the client reads its headers and then nothing
 * (its socket is paused, so the server's writes back up); any other answer is read whole.
 */
function open(baseUrl: string, path: string, token: string): Promise<Held | Refused> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${path}`,
      { agent: false, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode === 200) {
          response.pause();
          resolve({ status: 200, request, response });
          return;
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            body: JSON.parse(text) as Json,
          }),
        );
      },
    );
    opened.add(request);
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
}

/** Every connection `open` made: a test that fails midway leaves none held for the next. */
const opened = new Set<http.ClientRequest>();
afterEach(() => {
  for (const request of opened) request.destroy();
  opened.clear();
});

const held = (outcome: Held | Refused): Held => {
  expect(outcome.status).toBe(200);
  return outcome as Held;
};

const refused = (outcome: Held | Refused): Refused => {
  expect(outcome.status).not.toBe(200);
  return outcome as Refused;
};

/** What the tests read of a service's pool and database. */
function connectionsOf(service: ProfileService) {
  const dataSource = service.app.get(DataSource);
  /** Pool connections handed out now (a held stream keeps one for its cursor). */
  const inUse = (): number => {
    const pool = (dataSource.driver as PostgresDriver).master as Pool;
    return pool.totalCount - pool.idleCount;
  };
  const transactions = (): Promise<number> => openTransactions(dataSource);
  /** Resolves once every connection is back in the pool, and no transaction left open. */
  const allBack = (what: string, limitMs?: number): Promise<void> =>
    waitUntil(async () => inUse() === 0 && (await transactions()) === 0, what, limitMs);
  return { dataSource, inUse, transactions, allBack };
}

/**
 * Requests in flight per caller (MAX_CONCURRENT_PER_CALLER) and PageSize=-1 streams
 * (MAX_STREAMS_PER_CALLER, a quarter of the pool together), over HTTP. The reproduction:
 * one ProfileApi_Low caller opening 10 streams on a pool of 10, after which every other caller
 * got 503 and the database health check (then /health/ready, now /health) 503 for seconds.
 */
describe('profile-service requests in flight per caller and streams (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let connections: ReturnType<typeof connectionsOf>;
  const tokens: Record<string, string> = {};
  const clientOf = (name: string): TestClient => service.anonymous.withToken(tokens[name]);
  const connectionsInUse = () => connections.inUse();
  const closeAll = async (streams: Held[]): Promise<void> => {
    for (const stream of streams) stream.request.destroy();
    // The database side too: the next test starts with every connection back.
    await connections.allBack('every stream has given its connection back');
  };

  beforeAll(async () => {
    // A deadline no test reaches: the streams a test holds stay held.
    service = await startProfileService('profile_caller_limits', {
      ...ENV,
      STREAM_WRITE_DEADLINE_MS: '600000',
    });
    connections = connectionsOf(service);
    await new Fixtures(connections.dataSource).persons(SEEDED, 'limit-');
    for (const [name, role] of [
      ['alice', 'ProfileApi_Max'],
      ['bob', 'ProfileApi_Low'],
      ['carol', 'ProfileApi_Max'],
      ['dave', 'ProfileApi_Max'],
      ['erin', 'ProfileApi_Low'],
    ])
      tokens[name] = await testToken([role], { subject: `${name}-${Date.now()}` });
  });

  afterAll(() => service?.close());

  it("keeps other callers' reads and the database health check answering while one caller tries to open 10 streams", async () => {
    // Alice opens ten, one after the other: two are sent, eight refused on her stream bound.
    const outcomes = [];
    for (let attempt = 0; attempt < 10; attempt += 1)
      outcomes.push(await open(service.baseUrl, STREAM, tokens['alice']));
    const streams = outcomes.slice(0, 2).map(held);
    for (const outcome of outcomes.slice(2).map(refused)) {
      expect(outcome.status).toBe(429);
      expect(outcome.retryAfter).toBe('5');
      expect(outcome.body).toMatchObject({
        status: 429,
        title: 'Too Many Requests',
        detail:
          'Too many PageSize=-1 lists of this caller in flight: at most 2 at once; retry after 5 s, or ask for pages.',
      });
    }
    // Her two streams hold a connection each for their cursor, their clients reading nothing.
    expect(connectionsInUse()).toBe(2);
    expect(await connections.transactions()).toBe(2);

    // The pool's quarter (2 of 10) is taken: another caller's stream is a 503, not its fault.
    const carols = refused(await open(service.baseUrl, STREAM, tokens['carol']));
    expect([carols.status, carols.retryAfter]).toEqual([503, '5']);
    expect(carols.body.detail).toBe(
      'This instance is sending as many PageSize=-1 lists as it may (2); retry after 5 s, or ask for pages.',
    );

    // Everyone else is served meanwhile: pages, reads by id, HEAD with PageSize=-1, readiness.
    const bob = clientOf('bob');
    for (let round = 0; round < 3; round += 1) {
      const reads = await Promise.all([
        bob.get<Json[]>(`${V10}/profiles?PageSize=5&Expand=Person_Account`),
        bob.get<Json[]>(`${V10}/profiles?PageSize=50&PageNumber=${round + 2}`),
        bob.head(`${V10}/profiles?PageSize=-1`),
        clientOf('carol').get(`${V10}/profiles?PageSize=1&Keyword=limit-0000${round + 1}`),
      ]);
      expect(reads.map((read) => read.status)).toEqual([200, 200, 200, 200]);
      expect(reads[2].headers.get('x-pagination-total-count')).toBe(String(SEEDED));
      expect((await service.anonymous.get('/health')).status).toBe(200);
    }
    expect(connectionsInUse()).toBe(2);

    // Alice's clients go away: her streams' connections and slots are free at once.
    await closeAll(streams);
    const carolsNow = await clientOf('carol').get<Json[]>(`${V10}/profiles?PageSize=-1&Keyword=limit-0001`);
    expect(carolsNow.status).toBe(200);
    expect(carolsNow.body).toHaveLength(10);
    const alicesAgain = await clientOf('alice').get<Json[]>(`${V10}/profiles?PageSize=-1&Keyword=limit-0002`);
    expect(alicesAgain.status).toBe(200);
  });

  it("answers a caller's request past its bound in flight, streams included, with a 429 problem and Retry-After", async () => {
    // Dave has two streams whose clients read nothing, and two reads waiting on a lock.
    const streams = [
      held(await open(service.baseUrl, STREAM, tokens['dave'])),
      held(await open(service.baseUrl, STREAM, tokens['dave'])),
    ];
    const dataSource = connections.dataSource;
    const locker = dataSource.createQueryRunner();
    await locker.startTransaction();
    await locker.query('LOCK TABLE legal_form IN ACCESS EXCLUSIVE MODE');
    const dave = clientOf('dave');
    const waiting = [dave.get(`${V10}/legal-forms`), dave.get(`${V10}/legal-forms?PageSize=5`)];
    await waitUntil(async () => {
      const [row] = await dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return row.count === 2;
    }, "dave's two reads wait on the lock");

    const past = await dave.get<Json>(`${V10}/profiles?PageSize=5`);
    expect(past.status).toBe(429);
    expect(past.headers.get('retry-after')).toBe('1');
    expect(past.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(past.body).toMatchObject({
      type: 'https://tools.ietf.org/html/rfc6585#section-4',
      title: 'Too Many Requests',
      status: 429,
      detail: `Too many requests of this caller in flight: at most ${MAX_CONCURRENT_PER_CALLER} at once; retry after 1 s.`,
      instance: `${V10}/profiles`,
    });
    expect(past.body.correlationId).toBe(past.headers.get('x-correlation-id'));
    // Writes count the same; nothing is written.
    const write = await dave.post(`${V10}/legal-forms`, {
      name: 'x',
      displayName: 'X',
      code: 'X',
      createdBy: 'd',
    });
    expect(write.status).toBe(429);
    // Another caller, and the probes, are not held to Dave's bound.
    expect((await clientOf('erin').get(`${V10}/profiles?PageSize=5`)).status).toBe(200);
    expect((await service.anonymous.get('/health')).status).toBe(200);
    expect((await service.anonymous.get('/health/ready')).status).toBe(200);
    expect((await service.anonymous.get('/health/live')).status).toBe(200);

    await locker.rollbackTransaction();
    await locker.release();
    expect((await Promise.all(waiting)).map((read) => read.status)).toEqual([200, 200]);
    // His reads have ended: one more fits again; once his streams are gone, four do.
    expect((await dave.get(`${V10}/profiles?PageSize=5`)).status).toBe(200);
    await closeAll(streams);
    const four = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_PER_CALLER }, () => dave.get(`${V10}/profiles?PageSize=5`)),
    );
    expect(four.map((read) => read.status)).toEqual([200, 200, 200, 200]);
    const legalForms = await dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM legal_form WHERE name = 'x'`,
    );
    expect(legalForms[0].count).toBe(0);
  });
});

describe('profile-service PageSize=-1 write deadline (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let connections: ReturnType<typeof connectionsOf>;
  let token: string;

  beforeAll(async () => {
    service = await startProfileService('profile_write_deadline', {
      ...ENV,
      STREAM_WRITE_DEADLINE_MS: String(WRITE_DEADLINE_MS),
    });
    connections = connectionsOf(service);
    await new Fixtures(connections.dataSource).persons(SEEDED, 'limit-');
    token = await testToken(['ProfileApi_Max'], { subject: `erin-${Date.now()}` });
  });

  afterAll(() => service?.close());

  it('cuts a stream whose client stops reading once the write deadline passes, and frees its connection', async () => {
    const started = performance.now();
    const stream = held(await open(service.baseUrl, STREAM, token));
    // While the kernel's buffers take what the server writes, the cursor is held.
    expect(connections.inUse()).toBe(1);
    // The database would end the idle transaction after 120 s here, and the client never leaves.
    await connections.allBack('the stalled stream has given its connection back');
    // Not before the deadline: the first write stalls some time after the headers, never before.
    expect(performance.now() - started).toBeGreaterThanOrEqual(WRITE_DEADLINE_MS);

    // The server cut the connection: read on, the client finds the body short and the socket gone.
    const ended = await new Promise<{ complete: boolean }>((resolve) => {
      stream.response.once('close', () => resolve({ complete: stream.response.complete }));
      stream.response.on('error', () => undefined);
      stream.response.resume();
    });
    expect(ended.complete).toBe(false);
    // Her stream slot is free: she streams again, and a reader that reads is never cut.
    const again = await service.anonymous
      .withToken(token)
      .get<Json[]>(`${V10}/profiles?PageSize=-1&Keyword=limit-0003`);
    expect([again.status, again.body.length]).toEqual([200, 10]);
  });
});
