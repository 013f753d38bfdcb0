import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** The parts of an OpenAPI 3.1 document the contract check reads. */
interface ContractDocument {
  readonly paths: Record<string, Record<string, ContractOperation | undefined>>;
  readonly components?: { readonly responses?: Record<string, ContractResponse> };
}

interface ContractOperation {
  readonly responses?: Record<string, ContractResponse | { readonly $ref: string }>;
}

interface ContractResponse {
  readonly content?: Record<string, { readonly schema?: unknown }>;
}

/** A response as the test client received it. */
export interface ReceivedResponse {
  readonly method: string;
  /** Below the service's origin, query included: `/demo/v10-0/profiles/1?Select=id`. */
  readonly url: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
}

export type ContractOutcome =
  | { readonly kind: 'validated' }
  /** Outside the document: /health/*, /metrics, /docs, unknown paths and methods. */
  | { readonly kind: 'skipped' }
  | { readonly kind: 'mismatch'; readonly message: string };

const OPERATION_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const mediaTypeOf = (contentType: string): string => contentType.split(';')[0].trim().toLowerCase();

const isJsonMediaType = (mediaType: string): boolean => /^application\/(.+\+)?json$/.test(mediaType);

/** A JSON pointer as a URI fragment Ajv resolves: `/paths/~1v10-0~1clients/get`. */
const pointerOf = (tokens: readonly string[]): string =>
  tokens.map((token) => `/${encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('');

interface Route {
  readonly template: string;
  readonly pattern: RegExp;
  /** Literal segments first: `/profiles/search` before `/profiles/{id}`. */
  readonly parameters: number;
}

/**
 * Checks responses against a service's OpenAPI 3.1 document as a client team would (types
 * generated from it, bodies validated with Ajv): the operation by method and path template (HEAD
 * by its GET), the response by status, the body by media type. Each body schema is compiled once.
 */
export class ContractValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly routes: readonly Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: ContractDocument) {
    addFormats(this.ajv);
    // Bodies of these formats are bytes the document describes, not JSON strings to check.
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema(document, 'openapi');
    this.routes = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(
          `^${template
            .split(/\{[^}]+\}/)
            .map((literal) => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
            .join('[^/]+')}$`,
        ),
        parameters: (template.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.parameters - b.parameters);
  }

  check(response: ReceivedResponse): ContractOutcome {
    const route = this.routeOf(response.url);
    const method = response.method.toLowerCase() === 'head' ? 'get' : response.method.toLowerCase();
    const operation = route && this.document.paths[route.template]?.[method];
    if (!route || !OPERATION_METHODS.has(method) || !operation) return { kind: 'skipped' };
    const name = `${response.method.toUpperCase()} ${route.template}`;
    const mismatch = (what: string): ContractOutcome => ({
      kind: 'mismatch',
      message: `${name} answered ${response.status} (${cut(response.url)}): ${what}`,
    });

    const responses = operation.responses ?? {};
    const statusKey = [String(response.status), `${String(response.status)[0]}XX`, 'default'].find(
      (key) => key in responses,
    );
    if (!statusKey)
      return mismatch(`the status is not documented (documented: ${Object.keys(responses).join(', ')})`);
    let responsePointer = ['paths', route.template, method, 'responses', statusKey];
    let documented = responses[statusKey];
    if ('$ref' in documented && typeof documented.$ref === 'string') {
      const responseName = documented.$ref.replace('#/components/responses/', '');
      responsePointer = ['components', 'responses', responseName];
      documented = this.document.components?.responses?.[responseName] ?? {};
    }
    const content = (documented as ContractResponse).content;

    const mediaType = mediaTypeOf(response.contentType ?? '');
    const isHead = response.method.toUpperCase() === 'HEAD';
    const hasBody = !isHead && response.text.length > 0;
    if (!content || Object.keys(content).length === 0) {
      return hasBody ? mismatch(`a ${mediaType} body where the document gives none`) : { kind: 'validated' };
    }
    if (!mediaType && !isHead && response.status !== 304)
      return mismatch(`no body where the document gives ${Object.keys(content).join(', ')}`);
    // A documented key may carry parameters (`text/html; charset=utf-8`): matched by its type.
    const documentedType = [mediaType, `${mediaType.split('/')[0]}/*`, '*/*']
      .map((type) => Object.keys(content).find((key) => mediaTypeOf(key) === type))
      .find((key) => key !== undefined);
    if (!documentedType)
      return mismatch(
        `the content type ${mediaType || '(none)'} is not documented (documented: ${Object.keys(content).join(', ')})`,
      );
    // An empty text body is a text; an empty JSON body is not JSON.
    if (isHead || !isJsonMediaType(mediaType) || content[documentedType]?.schema === undefined)
      return { kind: 'validated' };

    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      return mismatch(`a ${mediaType} body that is not JSON: ${response.text.slice(0, 200)}`);
    }
    const validate = this.validatorOf([...responsePointer, 'content', documentedType, 'schema']);
    if (validate(body)) return { kind: 'validated' };
    return mismatch(
      `the ${mediaType} body does not match the schema:\n${describeErrors(validate.errors ?? [], body)}`,
    );
  }

  private routeOf(url: string): Route | undefined {
    const pathname = url.split(/[?#]/)[0];
    // A dot segment (`..`, `%2e%2e`) is no operation's parameter: clients resolve it away (WHATWG URL).
    if (pathname.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return undefined;
    // The one server is `/{tenant}`: the document's paths start after the first segment.
    const below = pathname.replace(/^\/[^/]+/, '');
    return this.routes.find((route) => route.pattern.test(below));
  }

  private validatorOf(pointer: readonly string[]): ValidateFunction {
    const key = pointerOf(pointer);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi#${key}` });
      this.validators.set(key, validate);
    }
    return validate;
  }
}

const cut = (text: string): string => (text.length > 160 ? `${text.slice(0, 160)}…` : text);

function describeErrors(errors: readonly ErrorObject[], body: unknown): string {
  return errors
    .slice(0, 10)
    .map((error) => {
      const value = JSON.stringify(valueAt(body, error.instancePath)) ?? 'undefined';
      return `  at ${error.instancePath || '(the body)'} ${error.message ?? ''} ${JSON.stringify(error.params)} (schema ${error.schemaPath}); the value: ${value.slice(0, 200)}`;
    })
    .concat(errors.length > 10 ? [`  and ${errors.length - 10} more`] : [])
    .join('\n');
}

function valueAt(body: unknown, instancePath: string): unknown {
  let current = body;
  for (const token of instancePath.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

/** Where the workers write each test file's counts for the run's summary (tools/jest). */
export const CONTRACT_COUNTS_FILE_VARIABLE = 'PORTAL_CONTRACT_COUNTS_FILE';

interface ContractCounts {
  /** Mismatches included. */
  validated: number;
  skipped: number;
  mismatches: number;
}

const counts: ContractCounts = { validated: 0, skipped: 0, mismatches: 0 };
let pendingMismatches: string[] = [];
const validatorsByDocument = new Map<string, ContractValidator | null>();

/**
 * The committed document of the service whose suite is running (apps/<service>/openapi.json,
 * from the test file's path), null outside one. While `npm run openapi` rewrites the documents
 * the committed ones are not the contract yet: no check.
 */
function currentValidator(): ContractValidator | null {
  if (process.env['UPDATE_OPENAPI'] === '1' || typeof expect === 'undefined') return null;
  const testPath = expect.getState().testPath ?? '';
  const serviceFolder = /^(.*[\\/]apps[\\/][^\\/]+)[\\/]/.exec(testPath)?.[1];
  if (!serviceFolder) return null;
  const file = path.join(serviceFolder, 'openapi.json');
  if (!validatorsByDocument.has(file)) {
    validatorsByDocument.set(
      file,
      existsSync(file)
        ? new ContractValidator(JSON.parse(readFileSync(file, 'utf8')) as ContractDocument)
        : null,
    );
  }
  return validatorsByDocument.get(file) ?? null;
}

/**
 * Checks a response the test client received against the suite's document and counts it; a
 * mismatch is kept for `takeContractMismatches`, which fails the test that received it.
 */
export function recordContractCheck(response: ReceivedResponse): void {
  const validator = currentValidator();
  const outcome = validator ? validator.check(response) : ({ kind: 'skipped' } as const);
  if (outcome.kind === 'validated') counts.validated += 1;
  else if (outcome.kind === 'skipped') counts.skipped += 1;
  else {
    counts.validated += 1;
    counts.mismatches += 1;
    pendingMismatches.push(outcome.message);
  }
}

/** The mismatches found since the last call (by jest-contract-setup after each test). */
export function takeContractMismatches(): string[] {
  const taken = pendingMismatches;
  pendingMismatches = [];
  return taken;
}

/** Adds this worker's counts of the test file to the run's file, and starts them again. */
export function flushContractCounts(): void {
  const file = process.env[CONTRACT_COUNTS_FILE_VARIABLE];
  if (file && counts.validated + counts.skipped + counts.mismatches > 0)
    appendFileSync(file, `${JSON.stringify(counts)}\n`);
  counts.validated = 0;
  counts.skipped = 0;
  counts.mismatches = 0;
}

/** The run's summary line from the workers' counts. */
export function contractSummaryOf(text: string): { line: string; mismatches: number } {
  const total: ContractCounts = { validated: 0, skipped: 0, mismatches: 0 };
  for (const line of text.split('\n').filter(Boolean)) {
    const entry = JSON.parse(line) as ContractCounts;
    total.validated += entry.validated;
    total.skipped += entry.skipped;
    total.mismatches += entry.mismatches;
  }
  return {
    line: `contract: ${total.validated} responses validated against the documents, ${total.mismatches} mismatches (${total.skipped} outside them)`,
    mismatches: total.mismatches,
  };
}
