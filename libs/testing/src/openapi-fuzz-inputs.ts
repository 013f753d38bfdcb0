import fc from 'fast-check';

import { type OpenApiDocument, serverPathOf } from './openapi-examples';

/** The parts of an OpenAPI 3.1 schema the fuzz reads. */
export interface FuzzSchema {
  readonly $ref?: string;
  /** `['string', 'null']` where null is allowed too. */
  readonly type?: string | readonly string[];
  readonly format?: string;
  readonly pattern?: string;
  readonly enum?: readonly unknown[];
  readonly nullable?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly example?: unknown;
  readonly default?: unknown;
  readonly items?: FuzzSchema;
  readonly properties?: Record<string, FuzzSchema>;
  readonly required?: readonly string[];
  readonly allOf?: readonly FuzzSchema[];
  readonly oneOf?: readonly FuzzSchema[];
  readonly anyOf?: readonly FuzzSchema[];
}

/** A schema as `resolveSchema` returns it: one type, null allowed or not. */
export interface ResolvedSchema extends FuzzSchema {
  readonly type?: string;
}

interface FuzzParameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly example?: unknown;
  readonly schema?: FuzzSchema;
}

interface FuzzDocument extends OpenApiDocument {
  readonly components?: { readonly schemas?: Record<string, FuzzSchema> };
}

/** One operation of the document, as the fuzz sends it. */
export interface FuzzOperation {
  readonly method: string;
  /** `/v10-0/clients/{clientId}`. */
  readonly template: string;
  /** `POST /v10-0/clients`. */
  readonly name: string;
  readonly parameters: readonly FuzzParameter[];
  readonly body?: { readonly mediaType: string; readonly schema: FuzzSchema; readonly examples: unknown[] };
}

/** One request the fuzz sends; its text form is what a failure prints (long strings cut). */
export interface FuzzRequest {
  readonly method: string;
  /** Below the service's origin, query included, already encoded. */
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Buffer;
  /** What was done to the valid request, for the failure message. */
  readonly mutations: readonly string[];
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const LONE_HIGH_SURROGATE = '\ud800';
const LONE_LOW_SURROGATE = '\udfff';

/** Strings every text field must survive: control characters, surrogates, injections, sizes. */
const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '   padded   ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m\u007f',
  '\r\n\t',
  'line\r\nX-Injected: 1',
  LONE_HIGH_SURROGATE,
  `x${LONE_LOW_SURROGATE}y`,
  `${LONE_LOW_SURROGATE}${LONE_HIGH_SURROGATE}`,
  '\u202e\u200b\ufeff',
  '😀🇨🇭',
  "' OR '1'='1",
  "'; DROP TABLE client; --",
  '1; SELECT pg_sleep(0)--',
  '" OR ""="',
  '\\',
  '%',
  '%00',
  '%ED%A0%80',
  '../../etc/passwd',
  '{{constructor.constructor("return process")()}}',
  '{{#each this}}{{this}}{{/each}}',
  '{{> missing}}',
  '{{',
  '${7*7}',
  '#{7*7}',
  '<%= 7*7 %>',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'NaN',
  'null',
  'true',
  '-1',
  '2147483648',
  '1e309',
  '0x10',
  '2026-02-30T25:61:00Z',
  '9999-12-31T23:59:59.999Z',
  '0001-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '2026-01-15T08:30:00+14:00',
  'ä'.repeat(300),
  'x'.repeat(100_000),
];

const SHORT_HOSTILE_STRINGS = HOSTILE_STRINGS.filter((text) => text.length <= 300);

const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0.5,
  0.5,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 53,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Values of every JSON type, for any field. */
const WRONG_TYPES: readonly unknown[] = [null, true, false, 0, 1, 'x', [], [null], {}, { a: 1 }, [[[]]]];

const nestedObject = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
};

/**
 * Follows `$ref` and picks the first branch of a composition. The document is OpenAPI 3.1: a
 * nullable value is `type: [type, 'null']` or a composition with a `{type: 'null'}` branch; the
 * schema returned has the one type and `nullable: true` instead.
 */
export function resolveSchema(document: FuzzDocument, schema: FuzzSchema | undefined): ResolvedSchema {
  let current: FuzzSchema = schema ?? {};
  let nullable = false;
  for (let hops = 0; hops < 20; hops += 1) {
    if (current.$ref) {
      const name = current.$ref.replace('#/components/schemas/', '');
      current = document.components?.schemas?.[name] ?? {};
      continue;
    }
    const { type, ...rest } = current;
    if (typeof type === 'object') {
      nullable ||= type.includes('null');
      const types = type.filter((item) => item !== 'null');
      current = types.length === 1 ? { ...rest, type: types[0] } : rest;
      continue;
    }
    const branches = [current.allOf, current.oneOf, current.anyOf].find((list) => list !== undefined);
    if (branches && !current.type && !current.properties) {
      const typed = branches.filter((branch) => branch.type !== 'null');
      nullable ||= typed.length < branches.length;
      if (typed[0]) {
        current = typed[0];
        continue;
      }
    }
    return { ...(current as ResolvedSchema), ...(nullable ? { nullable } : {}) };
  }
  return current as ResolvedSchema;
}

/** A value the schema accepts as far as the fuzz can tell: its example, default or a made-up one. */
function sampleOf(document: FuzzDocument, raw: FuzzSchema | undefined, depth = 0): unknown {
  const schema = resolveSchema(document, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type ?? 'object') {
    case 'string':
      if (schema.format === 'date-time') return '2026-01-15T08:30:00Z';
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'email') return 'anna.muster@example.ch';
      return 'sample'.padEnd(schema.minLength ?? 1, 's').slice(0, schema.maxLength ?? 100);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 ? [] : [sampleOf(document, schema.items, depth + 1)];
    default: {
      if (depth > 4 || !schema.properties) return {};
      return Object.fromEntries(
        Object.entries(schema.properties).map(([key, property]) => [
          key,
          sampleOf(document, property, depth + 1),
        ]),
      );
    }
  }
}

/** Values at and beyond the schema's bounds, plus an unknown enum value. */
function boundaryValuesOf(schema: FuzzSchema): unknown[] {
  const values: unknown[] = [];
  if (schema.enum?.length) {
    values.push('NOT_AN_ENUM_VALUE', 999);
    const first = schema.enum[0];
    if (typeof first === 'string') values.push(first.toLowerCase(), ` ${first}`);
  }
  if (schema.maxLength !== undefined) {
    values.push('m'.repeat(schema.maxLength), 'm'.repeat(schema.maxLength + 1));
    values.push('ü'.repeat(schema.maxLength), '😀'.repeat(schema.maxLength));
  }
  if (schema.minLength !== undefined && schema.minLength > 0) values.push('m'.repeat(schema.minLength - 1));
  if (schema.minimum !== undefined) values.push(schema.minimum, schema.minimum - 1);
  if (schema.maximum !== undefined) values.push(schema.maximum, schema.maximum + 1);
  if (schema.type === 'array') {
    values.push(
      [],
      Array.from({ length: (schema.maxItems ?? 1000) + 1 }, () => null),
    );
  }
  return values;
}

type JsonPath = readonly (string | number)[];

interface BodyField {
  readonly path: JsonPath;
  readonly schema: FuzzSchema;
  /** The schema as the document writes it, every branch of a composition kept. */
  readonly raw?: FuzzSchema;
  /** The valid request's value there, if any. */
  readonly value?: unknown;
}

/** Every field of the value (and every property its schema knows of, present or not). */
function fieldsOf(
  document: FuzzDocument,
  value: unknown,
  raw: FuzzSchema | undefined,
  path: JsonPath,
  found: BodyField[],
): void {
  const schema = resolveSchema(document, raw);
  if (path.length > 0) found.push({ path, schema, raw, value });
  if (path.length > 8) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => fieldsOf(document, item, schema.items, [...path, index], found));
    if (value.length === 0 && schema.items) found.push({ path: [...path, 0], schema: schema.items });
    return;
  }
  const properties = schema.properties ?? {};
  const keys = new Set([
    ...Object.keys(properties),
    ...(value !== null && typeof value === 'object' ? Object.keys(value) : []),
  ]);
  for (const key of keys) {
    const child =
      value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    fieldsOf(document, child, properties[key], [...path, key], found);
  }
}

/** Every field of a body (fieldsOf from its root), with its path and its schema as written. */
export function schemaFieldsOf(
  document: FuzzDocument,
  body: unknown,
  schema: FuzzSchema | undefined,
): { readonly path: (string | number)[]; readonly schema: FuzzSchema }[] {
  const found: BodyField[] = [];
  fieldsOf(document, body, schema, [], found);
  return found.map((field) => ({ path: [...field.path], schema: field.raw ?? field.schema }));
}

const DELETE = Symbol('delete');

function withValueAt(root: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: Record<string | number, unknown> =
    root !== null && typeof root === 'object'
      ? (structuredClone(root) as Record<string | number, unknown>)
      : typeof head === 'number'
        ? ([] as unknown as Record<number, unknown>)
        : {};
  const next = withValueAt(container[head], rest, value);
  if (next === DELETE) delete container[head];
  else container[head] = next;
  return container;
}

const describePath = (path: JsonPath): string =>
  path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}${text ? '.' : ''}${key}`),
    '',
  ) || '$';

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * Values the schema allows (types, bounds, enums, formats) but a realistic example never holds:
 * any Unicode at the length bounds, extreme integers and dates. They get past validation, to the
 * service's logic and its database.
 */
function allowedValueArbitrary(
  document: FuzzDocument,
  raw: FuzzSchema | undefined,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, raw);
  const nullable = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
    schema.nullable
      ? fc.oneof({ arbitrary, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
      : arbitrary;
  if (schema.enum?.length) return nullable(fc.constantFrom(...schema.enum));
  switch (schema.type ?? 'object') {
    case 'string': {
      if (schema.format === 'date-time' || schema.format === 'date')
        return nullable(
          fc
            .date({
              min: new Date('0001-01-01T00:00:00Z'),
              max: new Date('9999-12-31T23:59:59Z'),
              noInvalidDate: true,
            })
            .map((date) => (schema.format === 'date' ? date.toISOString().slice(0, 10) : date.toISOString())),
        );
      if (schema.format === 'email') return nullable(fc.emailAddress());
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 300, 300);
      return nullable(
        fc.oneof(
          fc.string({ unit: 'grapheme', minLength, maxLength }),
          fc.string({ unit: 'grapheme-ascii', minLength, maxLength }),
          fc.constantFrom(...[minLength, maxLength].map((length) => 'ä'.repeat(length))),
        ),
      );
    }
    case 'integer':
      return nullable(
        fc.integer({
          min: Math.max(schema.minimum ?? INT32.min, INT32.min),
          max: Math.min(schema.maximum ?? INT32.max, INT32.max),
        }),
      );
    case 'number':
      return nullable(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum }),
      );
    case 'boolean':
      return nullable(fc.boolean());
    case 'array':
      return depth > 3
        ? fc.constant([])
        : nullable(fc.array(allowedValueArbitrary(document, schema.items, depth + 1), { maxLength: 4 }));
    default:
      if (depth > 3 || !schema.properties) return fc.constant({});
      return nullable(
        fc.record(
          Object.fromEntries(
            Object.entries(schema.properties).map(([key, property]) => [
              key,
              allowedValueArbitrary(document, property, depth + 1),
            ]),
          ),
          { requiredKeys: [...(schema.required ?? [])] },
        ),
      );
  }
}

/** A value for one field: allowed but extreme, beyond its bounds, of a wrong type, hostile, null or left out. */
const fieldValueArbitrary = (document: FuzzDocument, field: BodyField): fc.Arbitrary<[unknown, string]> =>
  fc
    .oneof(
      { arbitrary: allowedValueArbitrary(document, field.schema), weight: 6 },
      { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
      { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 2 },
      { arbitrary: fc.constantFrom(...WRONG_TYPES), weight: 2 },
      { arbitrary: fc.constant(DELETE as unknown), weight: 2 },
      { arbitrary: fc.constantFrom(...[null, ...boundaryValuesOf(field.schema)]), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 80 }).map(nestedObject), weight: 1 },
      { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
      ...(typeof field.value === 'string'
        ? [
            {
              // The valid text with hostile text inside: a template's markup, a name's tail.
              arbitrary: fc
                .tuple(fc.constantFrom(...SHORT_HOSTILE_STRINGS), fc.nat({ max: field.value.length }))
                .map(
                  ([hostile, at]) =>
                    `${(field.value as string).slice(0, at)}${hostile}${(field.value as string).slice(at)}`,
                ),
              weight: 3,
            },
          ]
        : []),
    )
    .map((value) => [
      value,
      value === DELETE
        ? `${describePath(field.path)} left out`
        : `${describePath(field.path)} = ${shortText(value)}`,
    ]);

/** Texts no JSON body of a valid request looks like, sent as they are. */
const RAW_BODIES: readonly [string, string][] = [
  ['', 'an empty body'],
  ['{', 'truncated JSON'],
  ['{"a":1,}', 'a trailing comma'],
  ["{'a':1}", 'single quotes'],
  ['null', 'JSON null'],
  ['42', 'a JSON number'],
  ['"text"', 'a JSON string'],
  ['[]', 'a JSON array'],
  ['[{}]', 'an array of an object'],
  ['{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', 'prototype keys'],
  ['{"a":1,"a":2}', 'a duplicate key'],
  ['"\\ud800"', 'a lone surrogate as the body'],
  [`${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'arrays nested 10,000 deep'],
  [`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`, 'objects nested 100 deep'],
  ['\u0000', 'a NUL byte'],
];

const MEDIA_TYPES: readonly string[] = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  'application/octet-stream',
  'application/jsonx',
  '*/*',
  'application/json, text/plain',
  'application/json; charset=utf-16',
  'application/json; charset="utf-8"',
  'APPLICATION/JSON',
  'application/json;',
  ';',
];

function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}

/** Code-name-like strings of the value (no enum or format; the pattern kept) with a suffix: names not taken yet. */
function freshened(document: FuzzDocument, base: unknown, schema: FuzzSchema, suffix: string): unknown {
  const fields: BodyField[] = [];
  fieldsOf(document, base, schema, [], fields);
  let fresh = base;
  for (const { path, schema: field } of fields) {
    if (field.type !== 'string' || field.enum || field.format) continue;
    const value = path.reduce<unknown>(
      (container, key) =>
        container !== null && typeof container === 'object'
          ? (container as Record<string, unknown>)[key]
          : undefined,
      base,
    );
    if (typeof value !== 'string' || !/^[\w.+-]{1,80}(@[\w.-]+)?$/.test(value)) continue;
    const [local, domain] = value.split('@');
    const room = Math.max((field.maxLength ?? 200) - suffix.length - (domain ? domain.length + 1 : 0), 0);
    // An address keeps its domain: `portal-f7@zh.ch`.
    const renamed = `${local.slice(0, room)}${suffix}${domain ? `@${domain}` : ''}`;
    if (field.pattern && !matches(field.pattern, renamed)) continue;
    fresh = withValueAt(fresh, path, renamed);
  }
  return fresh;
}

interface BodyChoice {
  readonly body?: string | Buffer;
  readonly contentType?: string;
  readonly mutations: readonly string[];
}

function bodyArbitrary(document: FuzzDocument, operation: FuzzOperation): fc.Arbitrary<BodyChoice> {
  const spec = operation.body;
  if (!spec) {
    // An operation without a body may still receive one.
    return fc.oneof(
      { arbitrary: fc.constant<BodyChoice>({ mutations: [] }), weight: 8 },
      {
        arbitrary: fc.constantFrom(...RAW_BODIES).map(([body, what]) => ({
          body,
          contentType: 'application/json',
          mutations: [`body: ${what}`],
        })),
        weight: 2,
      },
    );
  }
  const bases = spec.examples.length > 0 ? spec.examples : [sampleOf(document, spec.schema)];
  const json = (value: unknown): string => JSON.stringify(value) ?? '';
  const freshBases = fc
    .tuple(fc.constantFrom(...bases), fc.option(fc.nat(), { freq: 2 }))
    .map(([base, suffix]) =>
      suffix === null ? base : freshened(document, base, spec.schema, `-f${suffix}`),
    );
  return freshBases.chain((base) => {
    const fields: BodyField[] = [];
    fieldsOf(document, base, spec.schema, [], fields);
    const valid = fc.constant<BodyChoice>({ body: json(base), contentType: spec.mediaType, mutations: [] });
    const mutatedFields =
      fields.length === 0
        ? valid
        : fc
            .array(
              fc
                .constantFrom(...fields)
                .chain((field) =>
                  fieldValueArbitrary(document, field).map(([value, what]) => ({ field, value, what })),
                ),
              { minLength: 1, maxLength: 3 },
            )
            .map((changes) => {
              let body = base;
              for (const change of changes) body = withValueAt(body, change.field.path, change.value);
              return {
                body: json(body === DELETE ? undefined : body),
                contentType: spec.mediaType,
                mutations: changes.map((change) => change.what),
              };
            });
    const rawBodies = fc.constantFrom(...RAW_BODIES).map(([body, what]) => ({
      body,
      contentType: spec.mediaType,
      mutations: [`body: ${what}`],
    }));
    const otherMediaType = fc.constantFrom(...MEDIA_TYPES).map((contentType) => ({
      body: json(base),
      contentType,
      mutations: [`content-type: ${contentType}`],
    }));
    // Built when drawn, not with the arbitrary: one of them is 11 MiB.
    const special = fc
      .constantFrom<() => BodyChoice>(
        () => ({ mutations: ['no body'] }),
        () => ({ body: json(base), mutations: ['no content-type'] }),
        () => ({
          body: Buffer.concat([
            Buffer.from('{"name":"'),
            Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]),
            Buffer.from('"}'),
          ]),
          contentType: spec.mediaType,
          mutations: ['invalid UTF-8 bytes'],
        }),
        () => ({
          body: json(withValueAt(base, ['fuzzPadding'], 'p'.repeat(11 * 1024 * 1024))),
          contentType: spec.mediaType,
          mutations: ['a body over 11 MiB'],
        }),
        () => ({
          body: json(withValueAt(base, ['nested'], nestedObject(70))),
          contentType: spec.mediaType,
          mutations: ['an unknown property nested 70 deep'],
        }),
      )
      .map((make) => make());
    return fc.oneof(
      { arbitrary: valid, weight: 2 },
      { arbitrary: mutatedFields, weight: 12 },
      { arbitrary: rawBodies, weight: 2 },
      { arbitrary: otherMediaType, weight: 2 },
      { arbitrary: special, weight: 1 },
    );
  });
}

/** Path segments sent as they are: bad percent-encodings and traversal. */
const RAW_SEGMENTS: readonly string[] = [
  '%',
  '%zz',
  '%C0%AF',
  '%ED%A0%80',
  '%00',
  '%2e%2e',
  '..',
  '.',
  '%2F',
  '',
];

/** A value made into URL text; lone surrogates (which `encodeURIComponent` refuses) as their UTF-8-like bytes. */
export function encodeUrlValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.replace(/[\s\S]/gu, (character) =>
    /[\ud800-\udfff]/.test(character) && character.length === 1
      ? `%${[0xed, 0xa0 | ((character.charCodeAt(0) >> 6) & 0x1f), 0x80 | (character.charCodeAt(0) & 0x3f)]
          .map((byte) => byte.toString(16).toUpperCase())
          .join('%')}`
      : encodeURIComponent(character),
  );
}

/** The arbitrary's value about one time in `outOf`, else null (fc.option draws null one time in freq). */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, outOf: number): fc.Arbitrary<T | null> =>
  fc.oneof({ arbitrary: fc.constant(null), weight: outOf - 1 }, { arbitrary, weight: 1 });

function pathValueArbitrary(
  document: FuzzDocument,
  parameter: FuzzParameter,
): fc.Arbitrary<[string, string]> {
  const schema = resolveSchema(document, parameter.schema);
  const example = parameter.example ?? schema.example;
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const valid: unknown[] = [example, ...(numeric ? [1, 2, 3] : [])].filter((value) => value !== undefined);
  const hostile: unknown[] = [
    ...HOSTILE_NUMBERS,
    ...SHORT_HOSTILE_STRINGS,
    '1e3',
    ' 1',
    '+1',
    '01',
    '١',
    '9'.repeat(400),
    `${String(example)}@1`,
    `${String(example)}@0`,
    `${String(example)}@-1`,
    `${String(example)}@99999999999`,
    `${String(example)}@`,
    'x'.repeat(5000),
  ];
  return fc
    .oneof(
      {
        arbitrary: fc
          .constantFrom(...(valid.length > 0 ? valid : ['x']))
          .map((value) => encodeUrlValue(value)),
        weight: 6,
      },
      { arbitrary: fc.constantFrom(...hostile).map((value) => encodeUrlValue(value)), weight: 4 },
      { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
    )
    .map((text) => [text, `{${parameter.name}} = ${shortText(text)}`]);
}

function queryValueArbitrary(
  document: FuzzDocument,
  parameter: FuzzParameter,
): fc.Arbitrary<[string, string]> {
  const schema = resolveSchema(document, parameter.schema);
  const itemSchema = schema.type === 'array' ? resolveSchema(document, schema.items) : schema;
  const valid = [
    parameter.example,
    schema.example,
    schema.default,
    ...(itemSchema.enum ?? []),
    sampleOf(document, itemSchema),
  ].filter((value) => value !== undefined);
  const hostile = [
    ...HOSTILE_NUMBERS,
    ...HOSTILE_STRINGS,
    ...boundaryValuesOf(itemSchema),
    'id desc,id asc',
    'name sideways',
    'person.lastname desc',
    'a.b.c.d.e.f',
    ',,,',
  ];
  const name = encodeURIComponent(parameter.name);
  const one = fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 2 },
    { arbitrary: allowedValueArbitrary(document, itemSchema), weight: 2 },
    { arbitrary: fc.constantFrom(...hostile), weight: 3 },
  );
  return fc
    .oneof(
      { arbitrary: one.map((value) => `${name}=${encodeUrlValue(value)}`), weight: 5 },
      {
        // The same parameter twice, or an array parameter as a list.
        arbitrary: fc
          .array(one, { minLength: 2, maxLength: 4 })
          .map((values) => values.map((value) => `${name}=${encodeUrlValue(value)}`).join('&')),
        weight: 1,
      },
      { arbitrary: fc.constantFrom(`${name}`, `${name}=`, `${name.toLowerCase()}=1`), weight: 1 },
    )
    .map((text) => [text, `?${shortText(text)}`]);
}

const HEADER_MUTATIONS: readonly [Record<string, string | null>, string][] = [
  [{ 'x-correlation-id': 'fuzz.correlation-1' }, 'a valid correlation id'],
  [{ 'x-correlation-id': 'c'.repeat(200) }, 'a correlation id over 128 characters'],
  [{ 'x-correlation-id': 'has spaces and ü' }, 'a correlation id with spaces'],
  [{ 'x-fuzz-padding': 'h'.repeat(20_000) }, 'a 20 KB header'],
  [{ authorization: null }, 'no token'],
  [{ authorization: 'Bearer not-a-jwt' }, 'a malformed token'],
  [{ authorization: 'Basic dXNlcjpwYXNz' }, 'basic authentication'],
  [{ authorization: `Bearer ${'a'.repeat(8000)}.${'b'.repeat(4000)}.c` }, 'a 12 KB token'],
  [{ accept: 'application/xml' }, 'accept: application/xml'],
  [{ accept: 'text/html;q=0.1, */*;q=bad' }, 'a malformed accept'],
  [{ 'accept-language': 'zz-ZZ, *;q=0, de;q=2' }, 'a malformed accept-language'],
  [{ 'accept-language': 'x'.repeat(4000) }, 'a 4 KB accept-language'],
  [{ 'if-none-match': '*' }, 'if-none-match *'],
  [{ 'x-http-method-override': 'DELETE' }, 'a method override header'],
  [{ 'content-encoding': 'gzip' }, 'content-encoding: gzip on a plain body'],
  [{ 'content-encoding': 'br, identity' }, 'content-encoding: br, identity'],
  [{ expect: '100-continue' }, 'expect: 100-continue'],
  [{ 'x-forwarded-for': '::1, 999.1.1.1, not-an-ip' }, 'a malformed x-forwarded-for'],
  [{ 'x-forwarded-proto': 'gopher' }, 'x-forwarded-proto: gopher'],
  [{ origin: 'null' }, 'origin: null'],
  [{ range: 'bytes=0-1,5-' }, 'a range header'],
];

/** Header values fetch can send (no control characters nor code points beyond Latin-1). */
const headerSafe = (text: string): string => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');

function headersArbitrary(
  operation: FuzzOperation,
  document: FuzzDocument,
): fc.Arbitrary<[Record<string, string | null>, string[]]> {
  const declared = operation.parameters.filter((parameter) => parameter.in === 'header');
  const declaredArbitrary = declared.map((parameter) =>
    sometimes(
      queryValueArbitrary(document, parameter).map(([text]) => {
        const value = headerSafe(decodeURIComponentSafe(text.slice(text.indexOf('=') + 1))).slice(0, 8000);
        return [{ [parameter.name.toLowerCase()]: value }, `${parameter.name}: ${shortText(value)}`] as const;
      }),
      3,
    ),
  );
  return fc
    .tuple(sometimes(fc.constantFrom(...HEADER_MUTATIONS), 4), ...declaredArbitrary)
    .map(([mutation, ...values]) => {
      const headers: Record<string, string | null> = {};
      const what: string[] = [];
      for (const value of values) {
        if (!value) continue;
        Object.assign(headers, value[0]);
        what.push(value[1]);
      }
      if (mutation) {
        Object.assign(headers, mutation[0]);
        what.push(`header: ${mutation[1]}`);
      }
      return [headers, what];
    });
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every operation of the document, in its order. */
export function fuzzOperationsOf(document: FuzzDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const operation = raw as {
        parameters?: FuzzParameter[];
        requestBody?: {
          content: Record<string, { schema?: FuzzSchema; examples?: Record<string, { value?: unknown }> }>;
        };
      };
      if (!['get', 'head', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const [mediaType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        template,
        name: `${method.toUpperCase()} ${template}`,
        parameters: operation.parameters ?? [],
        body:
          mediaType && content
            ? {
                mediaType,
                schema: content.schema ?? {},
                examples: Object.values(content.examples ?? {}).map((example) => example.value),
              }
            : undefined,
      });
    }
  }
  return operations;
}

/**
 * Requests for one operation: its valid request (path parameter and body examples) with a few of
 * its parts made malformed or extreme, so that each reaches past the first validation step.
 */
export function fuzzRequestArbitrary(
  document: FuzzDocument,
  operation: FuzzOperation,
  token: string,
): fc.Arbitrary<FuzzRequest> {
  const prefix = serverPathOf(document);
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const queryArbitrary = fc
    .tuple(
      ...queryParameters.map((parameter) => sometimes(queryValueArbitrary(document, parameter), 3)),
      sometimes(fc.constantFrom('Unknown=1', 'a[b]=1', '__proto__[x]=1', '&&=&'), 8),
    )
    .map((parts) => {
      const [unknown] = parts.splice(parts.length - 1, 1) as [string | null];
      const chosen = (parts as ([string, string] | null)[]).filter((part) => part !== null);
      const texts = chosen.map(([text]) => text);
      if (unknown) texts.push(unknown);
      return [
        texts.join('&'),
        [...chosen.map(([, what]) => what), ...(unknown ? [`?${unknown}`] : [])],
      ] as const;
    });
  return fc
    .record({
      path: fc.tuple(...pathParameters.map((parameter) => pathValueArbitrary(document, parameter))),
      query: queryArbitrary,
      headers: headersArbitrary(operation, document),
      body: bodyArbitrary(document, operation),
    })
    .map(({ path, query, headers, body }) => {
      let url = operation.template;
      const mutations: string[] = [];
      pathParameters.forEach((parameter, index) => {
        const [text, what] = path[index];
        url = url.replace(`{${parameter.name}}`, text);
        if (text !== encodeUrlValue(parameter.example ?? parameter.schema?.example)) mutations.push(what);
      });
      const [queryText, queryWhat] = query;
      mutations.push(...queryWhat, ...headers[1], ...body.mutations);
      const requestHeaders: Record<string, string> = { authorization: `Bearer ${token}` };
      if (body.contentType) requestHeaders['content-type'] = body.contentType;
      for (const [name, value] of Object.entries(headers[0])) {
        if (value === null) delete requestHeaders[name];
        else requestHeaders[name] = value;
      }
      const request: FuzzRequest = {
        method: operation.method,
        url: `${prefix}${url}${queryText ? `?${queryText}` : ''}`,
        headers: requestHeaders,
        body: body.body,
        mutations,
      };
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}

/** Long strings cut, so that a failure prints a readable request. */
export function shortText(value: unknown, limit = 120): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > limit ? `${text.slice(0, limit)}... (${text.length} characters)` : text;
}

export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : `\n  body: ${shortText(Buffer.isBuffer(request.body) ? request.body.toString('latin1') : request.body, 400)}`;
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'authorization' || !request.headers[name].startsWith('Bearer ey'))
    .map(([name, value]) => `${name}: ${shortText(value, 80)}`)
    .join(', ');
  return `${request.method} ${shortText(request.url, 600)}\n  headers: ${headers}${body}\n  mutations: ${request.mutations.join('; ') || 'none (the valid request)'}`;
}
