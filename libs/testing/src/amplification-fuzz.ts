import { readFileSync } from 'node:fs';
import path from 'node:path';

import { exampleRequestsOf, type OpenApiDocument, sendExamples, serverPathOf } from './openapi-examples';
import {
  encodeUrlValue,
  type FuzzOperation,
  type FuzzRequest,
  fuzzOperationsOf,
  type FuzzSchema,
  resolveSchema,
  schemaFieldsOf,
} from './openapi-fuzz-inputs';
import { type RawResponse, sendRaw, verdictOn } from './openapi-fuzz';
import { type LivenessDuring, livenessConfirmed } from './liveness';
import {
  buildServices,
  serviceMemoryLimitMib,
  serviceNodeArgs,
  startServiceProcess,
  type ServiceProcess,
} from './service-process';
import { createTestDatabase, type TestDatabase } from './test-database';
import { TestClient, testToken } from './test-client';

/**
 * What each operation must leave: the process alive, answering probes within 1 s, and its RSS under
 * this share of its container's memory limit (deploy/base/<service>/runtime.env).
 */
export const LIVENESS_LIMIT_MS = 1_000;
export const RSS_SHARE_OF_LIMIT = 0.8;
/** Requests of the largest body the limits allow, sent at once. */
export const LARGEST_BODIES_AT_ONCE = 20;

const AMPLIFYING_ARRAY_LENGTH = 500_000;
const AMPLIFYING_OBJECT_KEYS = 10_000;
const ID_LIST_LENGTH = 100_000;

export interface AmplificationOptions {
  /** The service's name and folder below apps/: it is built, then runs as a process of its own. */
  readonly service: string;
  readonly openApiFile: string;
  /** Roles that together may call every operation. */
  readonly roles: readonly string[];
  /** The service's body limits (ServiceDescription): the largest body is built from them. */
  readonly limits: { readonly bodyBytes: number; readonly bodyElements: number };
  readonly env?: Record<string, string>;
  /**
   * What costs the service more than the document's shapes show, sent besides (each `atOnce`
   * times at once): render's 190,000-line canvas, say.
   */
  readonly extra?: readonly ExtraAmplification[];
}

export interface ExtraAmplification {
  readonly what: string;
  readonly method: string;
  /** Below the document's server (`/v10-0/render`). */
  readonly path: string;
  readonly body: string;
  readonly atOnce: number;
}

/** One request built to make the service do much more work, or hold much more, than it sends. */
interface Amplification {
  readonly what: string;
  readonly method: string;
  readonly url: string;
  readonly body?: string;
  readonly contentType?: string;
}

const zeros = (length: number): string => `[${new Array<string>(length).fill('0').join(',')}]`;
const manyKeys = (count: number): string =>
  `{${Array.from({ length: count }, (_, index) => `"k${index}":0`).join(',')}}`;
const distinctIds = (count: number): string =>
  `[${Array.from({ length: count }, (_, index) => index + 1).join(',')}]`;
const distinctTexts = (count: number): string =>
  `[${Array.from({ length: count }, (_, index) => `"${index.toString(36)}"`).join(',')}]`;

/** Whether the valid body holds the object or array `path` is in (a nested object it omits: no). */
const hasContainerOf = (base: unknown, path: readonly (string | number)[]): boolean => {
  let container = base;
  for (const key of path.slice(0, -1)) {
    if (container === null || typeof container !== 'object') return false;
    container = (container as Record<string | number, unknown>)[key];
  }
  return container !== null && typeof container === 'object';
};

/** The body text with the JSON text `replacement` at `path` (an empty path: the body itself). */
function bodyWith(base: unknown, path: readonly (string | number)[], replacement: string): string {
  if (path.length === 0) return replacement;
  const marker = '"__amplified__"';
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let container = copy;
  for (const key of path.slice(0, -1)) container = container[key] as Record<string | number, unknown>;
  container[path[path.length - 1]] = '__amplified__';
  return JSON.stringify(copy).replace(marker, replacement);
}

/** Where a schema takes a container: an object, an array, or JSON of any kind (a branch of oneOf). */
const takesContainer = (document: OpenApiDocument, schema: FuzzSchema): boolean =>
  [schema, ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some((branch) => {
    const resolved = resolveSchema(document, branch);
    return (
      resolved.type === 'object' ||
      resolved.type === 'array' ||
      resolved.properties !== undefined ||
      (resolved.type === undefined && resolved.enum === undefined && resolved.oneOf === undefined)
    );
  });

const isIdList = (document: OpenApiDocument, schema: FuzzSchema): boolean => {
  const resolved = resolveSchema(document, schema);
  return resolved.type === 'array' && resolveSchema(document, resolved.items).type === 'integer';
};

/**
 * The amplifying requests of one operation: wherever its body takes an object, an array or any
 * JSON (and at the body itself), an array of 500,000 elements and an object of 10,000 keys; a list
 * of 100,000 distinct items wherever it takes an array (ids where they are integers), in the body or the query.
 */
function amplificationsOf(
  document: OpenApiDocument,
  operation: FuzzOperation,
  url: string,
  base: unknown,
): Amplification[] {
  const requests: Amplification[] = [];
  const body = operation.body;
  if (body) {
    const fields: { path: (string | number)[]; schema: FuzzSchema }[] = [
      { path: [], schema: resolveSchema(document, body.schema) },
    ];
    fields.push(...schemaFieldsOf(document, base, body.schema));
    for (const { path, schema } of fields) {
      if (!takesContainer(document, schema) || (path.length > 0 && !hasContainerOf(base, path))) continue;
      const at = path.length === 0 ? 'the body' : path.join('.');
      const send = (what: string, replacement: string): void => {
        requests.push({
          what: `${what} as ${at}`,
          method: operation.method,
          url,
          body: bodyWith(base, path, replacement),
          contentType: body.mediaType,
        });
      };
      send(
        `an array of ${AMPLIFYING_ARRAY_LENGTH.toLocaleString('en')} elements`,
        zeros(AMPLIFYING_ARRAY_LENGTH),
      );
      send(
        `an object of ${AMPLIFYING_OBJECT_KEYS.toLocaleString('en')} keys`,
        manyKeys(AMPLIFYING_OBJECT_KEYS),
      );
      // Distinct items, where a check that compares each item with the others is quadratic.
      if (isIdList(document, schema))
        send(`a list of ${ID_LIST_LENGTH.toLocaleString('en')} ids`, distinctIds(ID_LIST_LENGTH));
      else if (resolveSchema(document, schema).type === 'array')
        send(
          `a list of ${ID_LIST_LENGTH.toLocaleString('en')} distinct texts`,
          distinctTexts(ID_LIST_LENGTH),
        );
    }
  }
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' || !isIdList(document, resolveSchema(document, parameter.schema))) continue;
    const list = Array.from({ length: ID_LIST_LENGTH }, (_, index) => index + 1).join(',');
    requests.push({
      what: `${ID_LIST_LENGTH.toLocaleString('en')} ids in ${parameter.name}`,
      method: operation.method,
      url: `${url}${url.includes('?') ? '&' : '?'}${encodeURIComponent(parameter.name)}=${list}`,
      body: body ? JSON.stringify(base) : undefined,
      contentType: body?.mediaType,
    });
  }
  return requests;
}

/**
 * The largest body the limits allow: the operation's valid body with strings added until it holds
 * nearly the most values and bytes the service takes, in the JSON it takes anywhere (render's
 * `data`) when there is such a property, else in a property of its own.
 */
function largestBodyOf(
  document: OpenApiDocument,
  operation: FuzzOperation,
  base: unknown,
  limits: AmplificationOptions['limits'],
): string | undefined {
  const body = operation.body;
  if (!body || base === null || typeof base !== 'object' || Array.isArray(base)) return undefined;
  const baseText = JSON.stringify(base);
  const count = Math.max(1, limits.bodyElements - 1_000);
  const room = limits.bodyBytes - baseText.length - 4_096;
  const itemLength = Math.max(1, Math.floor(room / count) - 3);
  const filler = Array.from({ length: count }, (_, index) => String(index).padStart(itemLength, 'f'));
  const properties = resolveSchema(document, body.schema).properties ?? {};
  const anyJson = Object.entries(properties).find(
    ([, schema]) => resolveSchema(document, schema).type === undefined && schema.oneOf !== undefined,
  )?.[0];
  const target = anyJson ?? 'fuzzPadding';
  return JSON.stringify({ ...base, [target]: { rows: filler } });
}

const slowProbe = ({ slowestMs, slowestSentAtMs }: LivenessDuring<unknown>): string =>
  `/health/live took ${Math.round(slowestMs)} ms to answer (at most ${LIVENESS_LIMIT_MS}), ` +
  `sent ${Math.round(slowestSentAtMs)} ms into the work`;

const failureOf = (what: string, response: RawResponse, verdict: string): string =>
  `${what}: ${verdict} (${response.status}: ${response.text.slice(0, 300)})`;

/**
 * The amplification fuzz of every operation of the committed OpenAPI document, against the
 * service running as its own process with its production heap budget: for each operation, the
 * amplifying requests (amplificationsOf) one after the other, then 20 of its largest allowed
 * body at once. Each must be answered below 500 (errors as problems), and after each operation
 * the process must be alive, have answered every liveness probe within 1 s throughout (a slow
 * probe is confirmed by a second run of the operation), and have stayed under 80 % of its
 * container's memory limit in RSS (deploy/base/<service>/runtime.env).
 * Each suite ends with a line of what it sent, the worst figures, and the operations run again.
 */
export function describeAmplificationFuzz(options: AmplificationOptions): void {
  const document = JSON.parse(readFileSync(options.openApiFile, 'utf8')) as OpenApiDocument;
  const only = process.env['FUZZ_ONLY'];
  const operations = fuzzOperationsOf(document).filter(
    (operation) => operation.method !== 'HEAD' && (!only || operation.name.includes(only)),
  );
  const examples = exampleRequestsOf(document);
  let sent = 0;
  let worstProbeMs = 0;
  let largestRssMib = 0;
  const rssLimitMib = Math.floor(RSS_SHARE_OF_LIMIT * serviceMemoryLimitMib(options.service));
  /** The operations run a second time after a slow probe, with what was seen. */
  const rerun: string[] = [];

  describe(`${options.service} amplification fuzz (its own process, heap budget, real PostgreSQL)`, () => {
    let database: TestDatabase;
    let build: Awaited<ReturnType<typeof buildServices>>;
    let service: ServiceProcess;
    let token: string;

    beforeAll(async () => {
      database = await createTestDatabase(`${options.service.replace(/-service$/, '')}_amplification`);
      // Built as `npm start` builds it: the sources compiled as they load hold some 80 MiB more.
      build = await buildServices(`amplification-${options.service}`);
      service = await startServiceProcess({
        main: path.join(build.folder, 'apps', options.service, 'src', 'main.js'),
        // Node's options as every start of the service has them, its heap budget among them.
        nodeArgs: serviceNodeArgs(options.service),
        env: { DATABASE_URL: database.url, ...options.env },
      });
      token = await testToken(options.roles);
      await sendExamples(new TestClient(service.baseUrl, token), examples);
    }, 120_000);

    afterAll(async () => {
      await service?.close();
      await build?.remove();
      await database?.drop();
      process.stdout.write(
        `\namplification ${options.service}: ${sent} requests over ${operations.length} operations, ` +
          `slowest liveness probe ${worstProbeMs} ms, largest RSS ${largestRssMib} MiB (at most ${rssLimitMib})` +
          (rerun.length > 0 ? `; run again after a slow probe: ${rerun.join('; ')}` : '') +
          '\n',
      );
    });

    /**
     * Sends a request and judges its answer as the OpenAPI fuzz judges them, overload allowed; a
     * request the process did not answer is a failure (the process's end is told by `watch`).
     */
    const judgeInto = async (failures: string[], what: string, raw: FuzzRequest): Promise<void> => {
      try {
        const response = await sendRaw(service.baseUrl, raw);
        const verdict = verdictOn(raw, response, { overloadAllowed: true });
        if (verdict) failures.push(failureOf(what, response, verdict));
      } catch (error) {
        failures.push(`${what}: no answer (${String(error)})`);
      }
      sent += 1;
    };

    /**
     * Runs `work` while the process is watched: alive, every liveness probe answered within 1 s (a
     * slow probe is confirmed by a second run unless the first already failed otherwise), its RSS
     * under RSS_SHARE_OF_LIMIT of its memory limit; what it finds goes to `failures`.
     */
    const watch = async (name: string, work: () => Promise<void>, failures: string[]): Promise<void> => {
      const { first, last } = await livenessConfirmed(service.baseUrl, work, {
        intervalMs: 50,
        pid: service.pid,
        limitMs: LIVENESS_LIMIT_MS,
        confirmIf: () => failures.length === 0 && !service.exited,
      });
      if (last !== first) rerun.push(`${name}: ${slowProbe(first)}, then ${Math.round(last.slowestMs)} ms`);
      const slowestMs = Math.round(last.slowestMs);
      const rss = Math.round(Math.max(first.largestRssMib, last.largestRssMib));
      if (process.env['FUZZ_VERBOSE'] === '1')
        process.stdout.write(`${name}: slowest probe ${slowestMs} ms, largest RSS ${rss} MiB\n`);
      worstProbeMs = Math.max(worstProbeMs, slowestMs);
      largestRssMib = Math.max(largestRssMib, rss);
      if (service.exited) failures.push(`the process exited:\n${service.output.join('\n')}`);
      if (slowestMs > LIVENESS_LIMIT_MS)
        failures.push(
          last === first ? slowProbe(first) : `${slowProbe(first)}; run again, ${slowProbe(last)}`,
        );
      if (rss > rssLimitMib)
        failures.push(
          `the RSS reached ${rss} MiB (at most ${rssLimitMib}: ${RSS_SHARE_OF_LIMIT * 100} % of its memory limit)`,
        );
    };

    for (const extra of options.extra ?? []) {
      it(`${extra.what}, ${extra.atOnce} at once, leaves the process alive, live within 1 s, under ${RSS_SHARE_OF_LIMIT * 100} % of its memory limit`, async () => {
        const failures: string[] = [];
        const raw: FuzzRequest = {
          method: extra.method,
          url: `${serverPathOf(document)}${extra.path}`,
          body: Buffer.from(extra.body),
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          mutations: [extra.what],
        };
        const work = async (): Promise<void> => {
          await Promise.all(Array.from({ length: extra.atOnce }, () => judgeInto(failures, extra.what, raw)));
        };
        await watch(extra.what, work, failures);
        expect(failures).toEqual([]);
      }, 180_000);
    }

    for (const operation of operations) {
      it(`${operation.name}: amplifying inputs and ${LARGEST_BODIES_AT_ONCE} of its largest body at once leave the process alive, live within 1 s, under ${RSS_SHARE_OF_LIMIT * 100} % of its memory limit`, async () => {
        const example = examples.find(
          (request) => request.method === operation.method && request.template === operation.template,
        );
        const url = example?.url ?? pathOf(document, operation);
        const base = example?.body ?? {};
        const headers = (contentType?: string): Record<string, string> => ({
          authorization: `Bearer ${token}`,
          ...(contentType ? { 'content-type': contentType } : {}),
        });
        const failures: string[] = [];
        const judge = (what: string, raw: FuzzRequest): Promise<void> => judgeInto(failures, what, raw);
        // Built before the watch starts: a 10 MiB body takes this thread a while to write.
        const amplifications = amplificationsOf(document, operation, url, base);
        const largest = largestBodyOf(document, operation, base, options.limits);
        const work = async (): Promise<void> => {
          for (const request of amplifications) {
            if (service.exited) return;
            await judge(request.what, {
              ...request,
              headers: headers(request.contentType),
              mutations: [request.what],
            });
          }
          if (largest === undefined || service.exited) return;
          const raw = {
            method: operation.method,
            url,
            body: Buffer.from(largest),
            headers: headers(operation.body?.mediaType),
            mutations: [],
          };
          await Promise.all(
            Array.from({ length: LARGEST_BODIES_AT_ONCE }, () => judge('the largest body, 20 at once', raw)),
          );
        };
        await watch(operation.name, work, failures);
        expect(failures).toEqual([]);
      }, 120_000);
    }
  });
}

/** The operation's path with every path parameter at its example. */
function pathOf(document: OpenApiDocument, operation: FuzzOperation): string {
  let path = operation.template;
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path') continue;
    const example = parameter.example ?? parameter.schema?.example ?? 1;
    path = path.replace(`{${parameter.name}}`, encodeUrlValue(example));
  }
  return `${serverPathOf(document)}${path}`;
}
