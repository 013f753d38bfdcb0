import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';

import fc from 'fast-check';
import { Client } from 'pg';

import type { ServiceEnvironment } from '@portal/service-runtime';

import { recordContractCheck } from './contract-validation';
import { exampleRequestsOf, type OpenApiDocument, sendExamples } from './openapi-examples';
import {
  describeRequest,
  type FuzzRequest,
  fuzzOperationsOf,
  fuzzRequestArbitrary,
  WRITE_METHODS,
} from './openapi-fuzz-inputs';
import { type RunningTestApp, startTestApp } from './test-app';
import { TestClient, testToken } from './test-client';

/** Tables a refused write may change: another part records refused writes on purpose. */
const TABLES_A_REFUSAL_MAY_CHANGE = new Set(['audit_event']);

/** A checksum of every user table's rows, by table, to tell whether a request changed anything. */
export class TableChecksums {
  private constructor(
    private readonly client: Client,
    private readonly query: string,
  ) {}

  /** `ignored`: tables left out besides those a refusal may change. */
  static async connect(databaseUrl: string, ignored: readonly string[] = []): Promise<TableChecksums> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ schema: string; name: string }>(
      `SELECT schemaname AS schema, tablename AS name FROM pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    const tables = rows.filter(
      (table) => !TABLES_A_REFUSAL_MAY_CHANGE.has(table.name) && !ignored.includes(table.name),
    );
    const parts = tables.map((table) => {
      const qualified = `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`;
      return `SELECT ${client.escapeLiteral(`${table.schema}.${table.name}`)} AS name,
        (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM ${qualified} t) AS checksum`;
    });
    return new TableChecksums(client, parts.join(' UNION ALL '));
  }

  async take(): Promise<Map<string, string>> {
    const { rows } = await this.client.query<{ name: string; checksum: string }>(this.query);
    return new Map(rows.map((row) => [row.name, row.checksum]));
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...before].filter(([name, checksum]) => after.get(name) !== checksum).map(([name]) => name);

export interface FuzzOptions<E extends ServiceEnvironment> {
  readonly service: string;
  readonly environment: new () => E;
  readonly defaults: Record<string, string>;
  readonly env?: Record<string, string>;
  readonly createApp: Parameters<typeof startTestApp<E>>[0]['createApp'];
  /** The committed document: every operation it lists is fuzzed, new ones included. */
  readonly openApiFile: string;
  /** Roles that together may call every operation. */
  readonly roles: readonly string[];
  /**
   * Tables the service's own timers write between requests (a reconciler's mark, say): left out
   * of "a refused write changes nothing", which a timer's tick would otherwise fail at random.
   */
  readonly tablesTimersWrite?: readonly string[];
}

/** Runs per operation: `FUZZ_RUNS` (`npm run fuzz` sets thousands), else a sample CI can afford. */
export const fuzzRuns = (fallback: number): number => {
  const runs = Number(process.env['FUZZ_RUNS']);
  return Number.isInteger(runs) && runs > 0 ? runs : fallback;
};

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/** Sends the request as it is: fetch refuses a body on GET, the fuzz sends one. */
export function sendRaw(baseUrl: string, request: FuzzRequest): Promise<RawResponse> {
  // A connection of its own, kept alive as clients keep theirs: a service that answers before it
  // has read a body (a 503, say) then reads the rest past, where `Connection: close` (Node's
  // default without an agent) would have it close on a client still sending (EPIPE).
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<RawResponse>((resolve, reject) => {
    const outgoing = httpRequest(
      `${baseUrl}${request.url}`,
      {
        method: request.method,
        // Node frames a GET, HEAD or DELETE body only by its length; unframed, it would be read as the next request.
        headers:
          request.body === undefined
            ? request.headers
            : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        agent,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  }).finally(() => agent.destroy());
}

/**
 * What a response must be, whatever was sent; the reason it is not, else undefined. With
 * `overloadAllowed`, a 503 with Retry-After (a busy instance, contract 5) passes like a 4xx.
 */
export function verdictOn(
  request: FuzzRequest,
  response: RawResponse,
  { overloadAllowed = false } = {},
): string | undefined {
  const { text } = response;
  const overloaded =
    overloadAllowed && response.status === 503 && response.headers['retry-after'] !== undefined;
  if (response.status >= 500 && !overloaded) return `answered ${response.status}: ${text.slice(0, 500)}`;
  const correlationId = response.headers['x-correlation-id'];
  if (!correlationId) return `answered ${response.status} without an X-Correlation-Id header`;
  if (response.status < 400 || request.method === 'HEAD') return undefined;
  const contentType = String(response.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/problem+json'))
    return `answered ${response.status} as ${contentType || 'no content type'}, not a problem: ${text.slice(0, 300)}`;
  let problem: { status?: unknown; correlationId?: unknown };
  try {
    problem = JSON.parse(text) as typeof problem;
  } catch {
    return `answered ${response.status} with a problem that is not JSON: ${text.slice(0, 300)}`;
  }
  if (problem.status !== response.status)
    return `answered ${response.status} with a problem whose status is ${String(problem.status)}`;
  if (typeof correlationId !== 'string' || problem.correlationId !== correlationId)
    return `answered ${response.status} with correlationId ${String(problem.correlationId)}, the header says ${String(correlationId)}`;
  return undefined;
}

/**
 * A property-based fuzz of every operation of the service's committed OpenAPI document (fast-check):
 * each request is the operation's valid one with parts made malformed or extreme (see
 * openapi-fuzz-inputs.ts). Whatever is sent, the service answers below 500, every error is a
 * problem carrying the response's correlation id, and a refused write changes no table.
 * `FUZZ_RUNS` sets the runs per operation, `FUZZ_SEED` replays a run, `FUZZ_ONLY` (a substring of
 * `METHOD /path`) picks operations, `FUZZ_VERBOSE=1` prints every request and answer.
 */
export function describeOpenApiFuzz<E extends ServiceEnvironment>(
  options: FuzzOptions<E>,
  runsWhenUnset = 10,
): void {
  const document = JSON.parse(readFileSync(options.openApiFile, 'utf8')) as OpenApiDocument;
  const only = process.env['FUZZ_ONLY'];
  const operations = fuzzOperationsOf(document).filter((operation) => !only || operation.name.includes(only));
  const runs = fuzzRuns(runsWhenUnset);
  const verbose = process.env['FUZZ_VERBOSE'] === '1';
  const seed = process.env['FUZZ_SEED']
    ? Number(process.env['FUZZ_SEED'])
    : Date.now() ^ (Math.random() * 2 ** 31);
  const statuses = new Map<number | string, number>();
  let inputs = 0;

  describe(`${options.service} fuzz of every OpenAPI operation (HTTP, real PostgreSQL, seed ${seed})`, () => {
    let running: RunningTestApp<E>;
    let checksums: TableChecksums;
    let token: string;
    let unchangedSince: Map<string, string> | undefined;

    beforeAll(async () => {
      running = await startTestApp({
        label: `${options.service.replace(/-service$/, '')}_fuzz`,
        environment: options.environment,
        defaults: options.defaults,
        env: options.env,
        createApp: options.createApp,
      });
      token = await testToken(options.roles);
      // The examples create records, so that path parameters' examples name existing ones.
      await sendExamples(new TestClient(running.baseUrl, token), exampleRequestsOf(document));
      checksums = await TableChecksums.connect(running.database.url, options.tablesTimersWrite);
    }, 120_000);

    afterAll(async () => {
      await checksums?.close();
      await running?.close();
      const seen = Object.fromEntries([...statuses].sort(([a], [b]) => String(a).localeCompare(String(b))));
      process.stdout.write(
        `\nfuzz ${options.service}: ${inputs} inputs over ${operations.length} operations, statuses ${JSON.stringify(seen)} (seed ${seed}, ${runs} runs per operation)\n`,
      );
    });

    it('lists the operations of the committed document', () => {
      expect(only || operations.length > 0).toBeTruthy();
    });

    for (const operation of operations) {
      it(
        `${operation.name}: never a 5xx, every error a problem with the correlation id, a refused write changes nothing`,
        async () => {
          const property = fc.asyncProperty(
            fuzzRequestArbitrary(document, operation, token),
            async (request) => {
              const isWrite = WRITE_METHODS.has(request.method);
              // The checksums after a refused write are those before the next request, if nothing ran between.
              const before = isWrite ? (unchangedSince ?? (await checksums.take())) : undefined;
              unchangedSince = undefined;
              let response: RawResponse;
              try {
                response = await sendRaw(running.baseUrl, request);
              } catch (error) {
                const { rawPacket } = error as { rawPacket?: Buffer };
                throw new Error(
                  `the request failed: ${String(error)}${rawPacket ? ` (received ${JSON.stringify(rawPacket.toString('latin1').slice(0, 1500))})` : ''}`,
                );
              }
              inputs += 1;
              if (verbose)
                process.stdout.write(
                  `${response.status} ${describeRequest(request)}\n  -> ${response.text.slice(0, 300)}\n`,
                );
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              // Hostile input's answers are the contract too: each is checked against the document.
              const contentType = response.headers['content-type'];
              recordContractCheck({
                method: request.method,
                url: request.url,
                status: response.status,
                contentType: Array.isArray(contentType) ? contentType[0] : (contentType ?? null),
                text: response.text,
              });
              const verdict = verdictOn(request, response);
              if (verdict) throw new Error(verdict);
              if (before && response.status >= 400) {
                const after = await checksums.take();
                const changed = changedTables(before, after);
                unchangedSince = after;
                if (changed.length > 0)
                  throw new Error(
                    `refused with ${response.status} but changed ${changed.join(', ')}: ${response.text.slice(0, 300)}`,
                  );
              }
            },
          );
          unchangedSince = undefined;
          const details = await fc.check(property, { numRuns: runs, seed, endOnFailure: true });
          if (details.failed) {
            const counterexample = details.counterexample?.[0];
            throw new Error(
              `${operation.name} failed: ${String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance)}\n` +
                `request: ${counterexample ? describeRequest(counterexample) : 'unknown'}\n` +
                `replay: FUZZ_SEED=${seed} FUZZ_ONLY='${operation.name}' FUZZ_RUNS=${runs}`,
            );
          }
        },
        60_000 + runs * 1_000,
      );
    }
  });
}
