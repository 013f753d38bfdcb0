import { readFileSync } from 'node:fs';

import type { Page } from 'playwright-core';

import { DEVELOPMENT_SUBJECT } from '@portal/auth';
import type { ServiceEnvironment } from '@portal/service-runtime';

import { storedAuditRows } from './audit-events';
import { describeInBrowser } from './browser';
import { type RunningTestApp, startTestApp } from './test-app';
import { TestClient, type TestResponse, testToken } from './test-client';

const BODY_METHODS = ['post', 'put', 'patch'] as const;

interface OpenApiParameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly example?: unknown;
  readonly default?: unknown;
  readonly schema?: { readonly example?: unknown; readonly default?: unknown };
}

interface OpenApiOperation {
  readonly operationId?: string;
  readonly parameters?: readonly OpenApiParameter[];
  readonly requestBody?: {
    readonly content: Record<string, { readonly examples?: Record<string, { readonly value?: unknown }> }>;
  };
}

export interface OpenApiDocument {
  readonly servers?: readonly {
    readonly url: string;
    readonly variables?: Record<string, { readonly default: string }>;
  }[];
  readonly paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One example body of the document, ready to send: its path parameters filled by their examples. */
export interface ExampleRequest {
  readonly method: string;
  /** The path as the document writes it: `/v10-0/clients/{clientId}`. */
  readonly template: string;
  /** The URL path below the service's origin: `/demo/v10-0/clients/1`. */
  readonly url: string;
  readonly mediaType: string;
  readonly exampleKey: string;
  readonly body: unknown;
}

/** The version segment a path starts with: `v10-0`. */
export const versionOf = (path: string): string => path.split('/')[1];

/** The server's path with its variables at their defaults: `/{tenant}` -> `/demo`. */
export function serverPathOf(document: OpenApiDocument): string {
  const [server] = document.servers ?? [];
  if (!server) return '';
  return server.url.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const variable = server.variables?.[name];
    if (!variable) throw new Error(`The server variable {${name}} has no default.`);
    return variable.default;
  });
}

/** Swagger UI's own placeholders and filler words, which a realistic example never holds. */
const PLACEHOLDER = /^(string|foo|bar|baz|test|example|lorem ipsum.*|0)$/i;

function placeholdersIn(value: unknown, path: string, found: string[]): void {
  if (typeof value === 'string' && PLACEHOLDER.test(value.trim())) found.push(`${path} = "${value}"`);
  else if (Array.isArray(value))
    value.forEach((item, index) => placeholdersIn(item, `${path}[${index}]`, found));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) placeholdersIn(item, `${path}.${key}`, found);
  }
}

/**
 * Every example body of the document (`requestBody.content[*].examples`), with the URL its
 * operation's path parameter examples make. Throws, naming each, when an operation with a body has
 * no example, a path parameter has none, or an example holds a placeholder.
 */
export function exampleRequestsOf(document: OpenApiDocument): ExampleRequest[] {
  const prefix = serverPathOf(document);
  const requests: ExampleRequest[] = [];
  const problems: string[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const method of BODY_METHODS) {
      const operation = item[method];
      if (!operation?.requestBody) continue;
      const name = `${method.toUpperCase()} ${template}`;
      let url = template;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'path') continue;
        const example = parameter.example ?? parameter.schema?.example;
        if (example === undefined) problems.push(`${name}: path parameter ${parameter.name} has no example`);
        url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(example)));
      }
      const [mediaType, content] = Object.entries(operation.requestBody.content)[0] ?? [];
      const examples = Object.entries(content?.examples ?? {});
      if (examples.length === 0) problems.push(`${name}: the request body has no example`);
      for (const [exampleKey, example] of examples) {
        const placeholders: string[] = [];
        placeholdersIn(example.value, '$', placeholders);
        if (placeholders.length > 0) problems.push(`${name} [${exampleKey}]: ${placeholders.join(', ')}`);
        requests.push({
          method: method.toUpperCase(),
          template,
          url: `${prefix}${url}`,
          mediaType,
          exampleKey,
          body: example.value,
        });
      }
    }
  }
  if (problems.length > 0)
    throw new Error(`OpenAPI examples missing or not realistic:\n${problems.join('\n')}`);
  return requests;
}

const HTTP_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'trace'];

const succeeded = (response: TestResponse): boolean => response.status >= 200 && response.status < 300;

/** The operations "Try it out" sends without a body that change nothing: reads. */
const READ_METHODS = ['get', 'head'] as const;

/**
 * What Swagger UI pre-fills a parameter's input with when "Try it out" is pressed (its
 * parameter-row: the first truthy of the example, the schema's example, the schema's default,
 * the default); undefined when it leaves the input empty (then the parameter is not sent).
 */
function prefilledValue(parameter: OpenApiParameter): string | undefined {
  const value =
    // Swagger UI chains them with `||`: a falsy example (0, false, '') falls through likewise.
    parameter.example || parameter.schema?.example || parameter.schema?.default || parameter.default;
  if (!value || Array.isArray(value)) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Every operation of the methods, without a body, as "Try it out" sends it untouched: its path
 * parameters' examples, its query parameters pre-filled as Swagger UI pre-fills them. Throws,
 * naming each, when a path parameter has no example.
 */
function bodilessRequestsOf(document: OpenApiDocument, methods: readonly string[]): ExampleRequest[] {
  const prefix = serverPathOf(document);
  const requests: ExampleRequest[] = [];
  const problems: string[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      let url = template;
      const query = new URLSearchParams();
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path') {
          const example = parameter.example ?? parameter.schema?.example;
          if (example === undefined)
            problems.push(
              `${method.toUpperCase()} ${template}: path parameter ${parameter.name} has no example`,
            );
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(example)));
        } else if (parameter.in === 'query') {
          const value = prefilledValue(parameter);
          if (value !== undefined) query.append(parameter.name, value);
        }
      }
      const search = query.toString();
      requests.push({
        method: method.toUpperCase(),
        template,
        url: `${prefix}${url}${search === '' ? '' : `?${search}`}`,
        mediaType: 'application/json',
        exampleKey: search === '' ? 'no parameters' : search,
        body: undefined,
      });
    }
  }
  if (problems.length > 0)
    throw new Error(`OpenAPI path parameter examples missing:\n${problems.join('\n')}`);
  return requests;
}

/** Every read operation (GET, HEAD) of the document as "Try it out" sends it untouched. */
export function exampleReadsOf(document: OpenApiDocument): ExampleRequest[] {
  return bodilessRequestsOf(document, READ_METHODS);
}

/**
 * Every documented example in document order, as a newcomer clicking "Try it out" from top to
 * bottom sends them: per operation (paths and their methods as the document lists them) each of
 * its body examples, or, without a body, the request with its parameters' examples pre-filled.
 */
export function documentExamplesOf(document: OpenApiDocument): ExampleRequest[] {
  const bodies = exampleRequestsOf(document);
  const bodiless = bodilessRequestsOf(document, HTTP_METHODS);
  const ordered: ExampleRequest[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const matches = (request: ExampleRequest): boolean =>
        request.template === template && request.method === method.toUpperCase();
      ordered.push(...(operation.requestBody ? bodies : bodiless).filter(matches));
    }
  }
  return ordered;
}

/**
 * Sends each example once, in the order given (no second round: each must hold on what the ones
 * before it left). Returns what did not answer a 2xx.
 */
export async function replayExamples(
  client: TestClient,
  requests: readonly ExampleRequest[],
  prepare: PrepareExample = (_client, request) => Promise.resolve(request.url),
): Promise<string[]> {
  const failures: string[] = [];
  for (const [index, request] of requests.entries()) {
    const response = await client.send(request.method, await prepare(client, request), {
      body: request.body,
      contentType: request.mediaType,
      headers: { 'X-Correlation-Id': `replay-${index + 1}` },
    });
    if (!succeeded(response))
      failures.push(
        `#${index + 1} ${request.method} ${request.url} [${request.exampleKey}] -> ${response.status} ${response.text.slice(0, 300)}`,
      );
  }
  return failures;
}

const segmentsOf = (template: string): number => template.split('/').length;

/**
 * Every DELETE of the document as "Try it out" sends it untouched, a sub-resource's before its
 * parent's (`/services/1/roles/2` before `/services/1`): a delete must not take away the record
 * another delete's example names.
 */
export function exampleDeletesOf(document: OpenApiDocument): ExampleRequest[] {
  return bodilessRequestsOf(document, ['delete']).sort(
    (a, b) => segmentsOf(b.template) - segmentsOf(a.template),
  );
}

/** `DELETE /v10-0/clients/{clientId}`: an operation of the document. */
const operationOf = (request: ExampleRequest): string => `${request.method} ${request.template}`;

/** Every operation of the document, as operationOf names it. */
export function operationsOf(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    Object.keys(item)
      .filter((method) => HTTP_METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${template}`),
  );
}

/** One sending of an example, under a correlation id of its own. */
export interface ExampleAttempt {
  readonly request: ExampleRequest;
  readonly correlationId: string;
  readonly succeeded: boolean;
}

/**
 * Sends each example as it is. An example may need what another one creates (a PUT of the
 * template a POST creates, a render of the template a save keeps): what fails is sent again after
 * a round in which something succeeded, until a round changes nothing. Returns what still fails.
 */
export async function sendExamples(
  client: TestClient,
  requests: readonly ExampleRequest[],
  attempts: ExampleAttempt[] = [],
  prepare: PrepareExample = (_client, request) => Promise.resolve(request.url),
): Promise<string[]> {
  let pending = [...requests];
  const lastFailure = new Map<ExampleRequest, string>();
  for (;;) {
    const failed: ExampleRequest[] = [];
    for (const request of pending) {
      const correlationId = `example-${attempts.length + 1}`;
      const response = await client.send(request.method, await prepare(client, request), {
        body: request.body,
        contentType: request.mediaType,
        headers: { 'X-Correlation-Id': correlationId },
      });
      attempts.push({ request, correlationId, succeeded: succeeded(response) });
      if (succeeded(response)) continue;
      failed.push(request);
      lastFailure.set(request, `${response.status} ${response.text.slice(0, 400)}`);
    }
    if (failed.length === 0 || failed.length === pending.length) {
      return failed.map(
        (request) =>
          `${request.method} ${request.template} [${request.exampleKey}] -> ${lastFailure.get(request)}`,
      );
    }
    pending = failed;
  }
}

/**
 * The URL to send an example to: its own, or one whose path parameter names a record the service
 * made up (an invite's random token) and the hook created just before. Called before each try.
 */
export type PrepareExample = (client: TestClient, request: ExampleRequest) => Promise<string>;

export interface OpenApiExamplesOptions<E extends ServiceEnvironment> {
  /** See PrepareExample; by default every example goes to its own URL. */
  readonly prepare?: PrepareExample;
  readonly service: string;
  readonly environment: new () => E;
  readonly defaults: Record<string, string>;
  /** Settings of the started service besides the test ones (the demo data `npm start` seeds). */
  readonly env?: Record<string, string>;
  readonly createApp: Parameters<typeof startTestApp<E>>[0]['createApp'];
  /** The committed document (apps/<service>/openapi.json; the platform test keeps it current). */
  readonly openApiFile: string;
  /** Roles that together may call every operation. */
  readonly roles: readonly string[];
  /** The version segments the document serves, each tried on a database of its own. */
  readonly versions: readonly string[];
  /**
   * Whether every example of the document runs in document order and in reverse, each once, on a
   * fresh start (its write examples addressing records of their own). Off only where the examples
   * do not hold that yet, which the suite then says.
   */
  readonly anyOrder: boolean;
  /** Body operations that are not writes and leave no audit record (`POST /v10-0/render`). */
  readonly notAudited?: readonly string[];
  /**
   * Operations to run through Swagger UI at /docs in Chromium, with what it pre-fills: a body
   * example, or a list's query parameters (which must be those exampleReadsOf sends).
   */
  readonly tryItOut: readonly { readonly method: string; readonly path: string; readonly status: number }[];
}

/** A Swagger UI test's time limit (not a speed check: the page must merely get there). */
const SWAGGER_UI_TIMEOUT_MS = 120_000;

/** A query string's parameters, sorted, decoded: Swagger UI and URLSearchParams encode differently. */
const queryOf = (url: string): string[][] =>
  [...new URL(url, 'http://localhost').searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));

/**
 * The examples of the service's OpenAPI document run as they are: every request body example,
 * with its path parameters' examples, sent to the service started on a fresh database (one per
 * version, as a newcomer's `npm start` would have it) answers a 2xx. And Swagger UI's
 * "Try it out" reaches the service under the `{tenant}` server and succeeds with the example.
 */
export function describeOpenApiExamples<E extends ServiceEnvironment>(
  options: OpenApiExamplesOptions<E>,
): void {
  const start = (label: string): Promise<RunningTestApp<E>> =>
    startTestApp({
      label: `${options.service.replace(/-service$/, '')}_examples_${label}`,
      environment: options.environment,
      defaults: options.defaults,
      env: options.env,
      createApp: options.createApp,
    });

  const committed = (): OpenApiDocument =>
    JSON.parse(readFileSync(options.openApiFile, 'utf8')) as OpenApiDocument;

  describe(`${options.service} OpenAPI examples (HTTP, real PostgreSQL)`, () => {
    it('writes paths below a {tenant} server (and a concrete one) and gives every body and path parameter realistic examples', () => {
      const document = committed();
      // The relative one first (Swagger UI's "Try it out" takes it), then the concrete one of `npm start`.
      expect(document.servers?.map((server) => [server.url, server.variables?.['tenant']?.default])).toEqual([
        ['/{tenant}', 'demo'],
        [expect.stringMatching(/^http:\/\/localhost:30\d{2}\/demo$/), undefined],
      ]);
      const versions = [...new Set(Object.keys(document.paths).map(versionOf))].sort();
      expect(versions).toEqual([...options.versions].sort());
      expect(exampleRequestsOf(document).length).toBeGreaterThan(0);
    });

    for (const version of options.versions) {
      it(`answers every read under /{tenant}/${version} on a fresh database, then accepts every example body as it is, each write audited once, then every read again, then every delete, as "Try it out" sends it`, async () => {
        const running = await start(version.replace('-', '_'));
        try {
          const anonymous = new TestClient(running.baseUrl);
          const live = await anonymous.get<OpenApiDocument>('/docs-json');
          const requests = exampleRequestsOf(live.body).filter(
            (request) => versionOf(request.template) === version,
          );
          expect(requests.length).toBeGreaterThan(0);
          // The subject of the token `npm start` prints, as a newcomer trying the examples has it.
          const client = anonymous.withToken(
            await testToken(options.roles, { subject: DEVELOPMENT_SUBJECT }),
          );
          const attempts: ExampleAttempt[] = [];
          // First every read as "Try it out" sends it, pre-filled parameters and all, on the
          // freshly seeded database, before any write (a newcomer may click reads first), its
          // path ids as shown (no prepare hook): each a 2xx, none audited.
          const reads = exampleReadsOf(live.body).filter((read) => versionOf(read.template) === version);
          expect(reads.length).toBeGreaterThan(0);
          expect(await sendExamples(client, reads, attempts)).toEqual([]);
          expect(await sendExamples(client, requests, attempts, options.prepare)).toEqual([]);
          // The reads again, on what the examples above created and changed.
          expect(await sendExamples(client, reads, attempts, options.prepare)).toEqual([]);
          // Last, every delete, each on a record of its own (nothing else refers to it).
          const deletes = exampleDeletesOf(live.body).filter(
            (request) => versionOf(request.template) === version,
          );
          expect(await sendExamples(client, deletes, attempts, options.prepare)).toEqual([]);
          // Every operation of the version was among them, and answered a 2xx.
          const ran = new Set(
            attempts.filter((attempt) => attempt.succeeded).map(({ request }) => operationOf(request)),
          );
          const operations = operationsOf(live.body).filter((operation) =>
            operation.includes(` /${version}/`),
          );
          expect(operations.filter((operation) => !ran.has(operation))).toEqual([]);
          expect(
            auditProblemsOf(
              attempts,
              await storedAuditRows(running.database.url),
              serverPathOf(live.body),
              options.notAudited ?? [],
            ),
          ).toEqual([]);
        } finally {
          await running.close();
        }
      });
    }
  });

  describe(`${options.service} OpenAPI examples in any order (HTTP, real PostgreSQL)`, () => {
    const orders: [string, (requests: ExampleRequest[]) => ExampleRequest[]][] = [
      ['document order', (requests) => requests],
      ['reverse order', (requests) => [...requests].reverse()],
    ];
    for (const [order, arrange] of orders) {
      (options.anyOrder ? it : it.skip)(
        `answers every example of the document (reads, bodies, deletes; every version) in ${order} on a fresh start, each a 2xx`,
        async () => {
          const running = await start(`replay_${order.split(' ')[0]}`);
          try {
            const anonymous = new TestClient(running.baseUrl);
            const live = await anonymous.get<OpenApiDocument>('/docs-json');
            const client = anonymous.withToken(
              await testToken(options.roles, { subject: DEVELOPMENT_SUBJECT }),
            );
            const requests = arrange(documentExamplesOf(live.body));
            expect(requests.length).toBeGreaterThan(0);
            expect(await replayExamples(client, requests, options.prepare)).toEqual([]);
          } finally {
            await running.close();
          }
        },
        // A fresh start (migrations, demo data) and hundreds of requests: more than a test's usual 30 s on a busy machine.
        120_000,
      );
    }
  });

  describeInBrowser(`${options.service} Swagger UI "Try it out" (headless Chromium)`, (browser) => {
    let running: RunningTestApp<E>;
    let page: Page;

    // One page for every operation tried: Swagger UI lays out the whole document first (profile's:
    // 330 operations, 1.6 MB), 20 to 25 s in Chromium on a quiet two-core machine, more beside
    // other suites. (The browser's own afterAll closes the page.)
    beforeAll(async () => {
      running = await start('swagger_ui');
      page = await browser().newPage();
      await page.goto(`${running.baseUrl}/docs`);
      const token = await testToken(options.roles);
      await page.waitForFunction(() => 'ui' in globalThis);
      await page.evaluate((value) => {
        (
          globalThis as unknown as { ui: { preauthorizeApiKey(key: string, value: string): void } }
        ).ui.preauthorizeApiKey('bearer', value);
      }, token);
    }, SWAGGER_UI_TIMEOUT_MS);

    afterAll(async () => {
      await running?.close();
    });

    it.each(options.tryItOut)(
      'runs $method $path as pre-filled against the running service',
      async (tried) => {
        const { method, path, status } = tried;
        const operation = page
          .locator(`.opblock.opblock-${method.toLowerCase()}`)
          .filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
        await operation.locator('.opblock-summary').first().click();
        await operation.locator('.try-out__btn').click();
        await operation.locator('.execute').click();
        const requestUrl = operation.locator('.request-url pre');
        await requestUrl.waitFor();
        const expectedPath = path.replace(/\{[^}]+\}/g, '[^/]+');
        const sent = (await requestUrl.textContent()) ?? '';
        expect(sent).toMatch(new RegExp(`^${running.baseUrl}/demo${expectedPath}(\\?.*)?$`));
        // What the test sends for a read is what Swagger UI pre-fills.
        const read = exampleReadsOf(committed()).find(
          (request) => request.method === method.toUpperCase() && request.template === path,
        );
        if (read) expect(queryOf(sent)).toEqual(queryOf(read.url));
        const liveStatus = operation.locator('.live-responses-table tbody .response-col_status').first();
        await liveStatus.waitFor();
        expect((await liveStatus.textContent())?.trim()).toMatch(new RegExp(`^${status}\\b`));
      },
      SWAGGER_UI_TIMEOUT_MS,
    );
  });
}

/**
 * Each write that succeeded left exactly one audit record, naming its route template, and each
 * that failed (to be retried) left none: contract 1 for every body route of the document.
 */
function auditProblemsOf(
  attempts: readonly ExampleAttempt[],
  rows: readonly Record<string, string | null>[],
  prefix: string,
  notAudited: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const { request, correlationId, succeeded: wrote } of attempts) {
    const operation = operationOf(request);
    const records = rows.filter((row) => row['correlation_id'] === correlationId);
    const isWrite = !['GET', 'HEAD'].includes(request.method);
    const expected = wrote && isWrite && !notAudited.includes(operation) ? 1 : 0;
    const route = `${prefix}${request.template.replace(/\{(\w+)\}/g, ':$1')}`;
    if (records.length !== expected)
      problems.push(
        `${operation} [${request.exampleKey}]: ${records.length} audit records, expected ${expected}`,
      );
    else if (expected === 1 && records[0]['route'] !== route)
      problems.push(`${operation} [${request.exampleKey}]: audited as ${records[0]['route']}`);
  }
  return problems;
}
