import { readFileSync } from 'node:fs';

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
  readonly schema?: { readonly example?: unknown };
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

/** One sending of an example, under a correlation id of its own. */
export interface ExampleAttempt {
  readonly request: ExampleRequest;
  readonly correlationId: string;
  readonly succeeded: boolean;
}

const succeeded = (response: TestResponse): boolean => response.status >= 200 && response.status < 300;

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
  readonly createApp: Parameters<typeof startTestApp<E>>[0]['createApp'];
  /** The committed document (apps/<service>/openapi.json; the platform test keeps it current). */
  readonly openApiFile: string;
  /** Roles that together may call every operation. */
  readonly roles: readonly string[];
  /** The version segments the document serves, each tried on a database of its own. */
  readonly versions: readonly string[];
  /** Body operations that are not writes and leave no audit record (`POST /v10-0/render`). */
  readonly notAudited?: readonly string[];
  /** One operation to run through Swagger UI at /docs in Chromium, with its prefilled example. */
  readonly tryItOut: { readonly method: string; readonly path: string; readonly status: number };
}

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
      createApp: options.createApp,
    });

  describe(`${options.service} OpenAPI examples (HTTP, real PostgreSQL)`, () => {
    const committed = (): OpenApiDocument =>
      JSON.parse(readFileSync(options.openApiFile, 'utf8')) as OpenApiDocument;

    it('writes paths below a {tenant} server and gives every body and path parameter realistic examples', () => {
      const document = committed();
      expect(document.servers?.map((server) => [server.url, server.variables?.['tenant']?.default])).toEqual([
        ['/{tenant}', 'demo'],
      ]);
      const versions = [...new Set(Object.keys(document.paths).map(versionOf))].sort();
      expect(versions).toEqual([...options.versions].sort());
      expect(exampleRequestsOf(document).length).toBeGreaterThan(0);
    });

    for (const version of options.versions) {
      it(`accepts every example body under /{tenant}/${version} as it is, on a fresh database, each write audited once`, async () => {
        const running = await start(version.replace('-', '_'));
        try {
          const anonymous = new TestClient(running.baseUrl);
          const live = await anonymous.get<OpenApiDocument>('/docs-json');
          const requests = exampleRequestsOf(live.body).filter(
            (request) => versionOf(request.template) === version,
          );
          expect(requests.length).toBeGreaterThan(0);
          const client = anonymous.withToken(await testToken(options.roles));
          const attempts: ExampleAttempt[] = [];
          expect(await sendExamples(client, requests, attempts, options.prepare)).toEqual([]);
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

  describeInBrowser(`${options.service} Swagger UI "Try it out" (headless Chromium)`, (browser) => {
    let running: RunningTestApp<E>;

    beforeAll(async () => {
      running = await start('swagger_ui');
    });

    afterAll(async () => {
      await running?.close();
    });

    it(`runs ${options.tryItOut.method.toUpperCase()} ${options.tryItOut.path} with its example against the running service`, async () => {
      const { method, path, status } = options.tryItOut;
      const page = await browser().newPage();
      try {
        await page.goto(`${running.baseUrl}/docs`);
        const token = await testToken(options.roles);
        await page.waitForFunction(() => 'ui' in globalThis);
        await page.evaluate((value) => {
          (
            globalThis as unknown as { ui: { preauthorizeApiKey(key: string, value: string): void } }
          ).ui.preauthorizeApiKey('bearer', value);
        }, token);
        const operation = page
          .locator(`.opblock.opblock-${method.toLowerCase()}`)
          .filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
        await operation.locator('.opblock-summary').first().click();
        await operation.locator('.try-out__btn').click();
        await operation.locator('.execute').click();
        const requestUrl = operation.locator('.request-url pre');
        await requestUrl.waitFor();
        const expectedPath = path.replace(/\{[^}]+\}/g, '[^/]+');
        expect(await requestUrl.textContent()).toMatch(
          new RegExp(`^${running.baseUrl}/demo${expectedPath}$`),
        );
        const liveStatus = operation.locator('.live-responses-table tbody .response-col_status').first();
        await liveStatus.waitFor();
        expect((await liveStatus.textContent())?.trim()).toMatch(new RegExp(`^${status}\\b`));
      } finally {
        await page.close();
      }
    });
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
    const operation = `${request.method} ${request.template}`;
    const records = rows.filter((row) => row['correlation_id'] === correlationId);
    const expected = wrote && !notAudited.includes(operation) ? 1 : 0;
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
