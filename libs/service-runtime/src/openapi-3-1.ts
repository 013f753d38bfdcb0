import type { OpenAPIObject } from '@nestjs/swagger';

import { isPlainObject } from '@portal/http-context';

type Json = unknown;
type JsonObject = Record<string, Json>;

const asArray = (value: Json): readonly Json[] | undefined =>
  Array.isArray(value) ? (value as readonly Json[]) : undefined;

/**
 * The document as OpenAPI 3.1.0, whose schemas are JSON Schema 2020-12: what @nestjs/swagger
 * writes in 3.0 form that JSON Schema validators (Ajv) and type generators (openapi-typescript)
 * read otherwise is rewritten, everything else is kept as it is.
 * - `nullable: true` with a `type`: `type: [type, 'null']`, and `null` added to an `enum`;
 * - `nullable: true` on `allOf: [{$ref}]` (a nullable nested object): `anyOf: [{$ref}, {type: 'null'}]`;
 * - `nullable: true` on a `oneOf`/`anyOf` without type: a `{type: 'null'}` branch more;
 * - `nullable: true` without type (any JSON value, null included): dropped;
 * - boolean `exclusiveMinimum`/`exclusiveMaximum`: the numeric bound they qualify.
 */
export function toOpenApi31(document: OpenAPIObject): OpenAPIObject {
  return { ...(convert(document) as OpenAPIObject), openapi: '3.1.0' };
}

/** Keywords whose values are data, not schemas: an example may well hold a `nullable` member. */
const LITERAL_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** `names`: the object is a map by name (`properties`, `schemas`), its keys are not keywords. */
function convert(value: Json, names = false): Json {
  if (Array.isArray(value)) return value.map((item) => convert(item));
  if (!isPlainObject(value)) return value;
  const converted: JsonObject = {};
  for (const [key, child] of Object.entries(value))
    converted[key] =
      !names && LITERAL_KEYWORDS.has(key) ? child : convert(child, !names && NAME_MAPS.has(key));
  return names ? converted : convertSchema(converted);
}

const NAME_MAPS = new Set(['properties', 'schemas', 'patternProperties', 'paths', 'responses', 'parameters']);

/** One object of the document; only what looks like a 3.0 schema construct changes. */
function convertSchema(schema: JsonObject): JsonObject {
  let result = schema;
  if (typeof result['exclusiveMinimum'] === 'boolean')
    result = exclusiveBound(result, 'exclusiveMinimum', 'minimum');
  if (typeof result['exclusiveMaximum'] === 'boolean')
    result = exclusiveBound(result, 'exclusiveMaximum', 'maximum');
  if (typeof result['nullable'] !== 'boolean') return result;
  const { nullable, ...rest } = result;
  if (!nullable) return rest;
  const allOf = asArray(rest['allOf']);
  if (allOf && allOf.length === 1 && isPlainObject(allOf[0]) && '$ref' in allOf[0]) {
    // The `type: object` beside the reference would refuse null: the reference says the type.
    const { allOf: _allOf, type: _type, ...annotations } = rest;
    return { ...annotations, anyOf: [allOf[0], { type: 'null' }] };
  }
  const type = rest['type'];
  if (typeof type === 'string') {
    const enumValues = asArray(rest['enum']);
    return {
      ...rest,
      type: [type, 'null'],
      ...(enumValues && !enumValues.includes(null) ? { enum: [...enumValues, null] } : {}),
    };
  }
  const types = asArray(type);
  if (types) return types.includes('null') ? rest : { ...rest, type: [...types, 'null'] };
  for (const composition of ['oneOf', 'anyOf'] as const) {
    const branches = asArray(rest[composition]);
    if (branches) return { ...rest, [composition]: [...branches, { type: 'null' }] };
  }
  // No type: any JSON value, null included.
  return rest;
}

function exclusiveBound(schema: JsonObject, keyword: string, bound: string): JsonObject {
  const { [keyword]: exclusive, [bound]: value, ...rest } = schema;
  if (typeof value !== 'number') return rest;
  return exclusive ? { ...rest, [keyword]: value } : { ...rest, [bound]: value };
}
