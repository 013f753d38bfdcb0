import { isPlainObject } from '@portal/http-context';

/** The OpenAPI extension @Projected writes on an operation: the entity key its response is projected by. */
export const PROJECTED_EXTENSION = 'x-projected';

type JsonObject = Record<string, unknown>;

/** Keywords whose values are schemas, one or a list or a map of them. */
const SUBSCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];

/**
 * A projected response (contract 3) holds `id` and what the caller's level and `Select` keep, in
 * nested objects too: in every schema a projected operation's success responses reach (their
 * references followed) only `id` stays required. A schema shared with other responses is relaxed
 * there too; a client reads every property but `id` as optional anyway.
 */
export function relaxProjectedResponses<D extends { paths: object; components?: object }>(document: D): D {
  const schemas = ((document.components as JsonObject | undefined)?.['schemas'] ?? {}) as Record<
    string,
    unknown
  >;
  const seen = new Set<unknown>();
  const relax = (schema: unknown): void => {
    if (!isPlainObject(schema) || seen.has(schema)) return;
    seen.add(schema);
    const ref = schema['$ref'];
    if (typeof ref === 'string') relax(schemas[ref.replace('#/components/schemas/', '')]);
    if (Array.isArray(schema['required'])) {
      const required = (schema['required'] as unknown[]).filter((name) => name === 'id');
      if (required.length > 0) schema['required'] = required;
      else delete schema['required'];
    }
    if (isPlainObject(schema['properties'])) Object.values(schema['properties']).forEach(relax);
    for (const keyword of SUBSCHEMA_KEYWORDS) relax(schema[keyword]);
    for (const keyword of SUBSCHEMA_LISTS)
      if (Array.isArray(schema[keyword])) (schema[keyword] as unknown[]).forEach(relax);
  };
  for (const path of Object.values(document.paths) as JsonObject[]) {
    for (const operation of Object.values(path)) {
      if (!isPlainObject(operation) || operation[PROJECTED_EXTENSION] === undefined) continue;
      for (const [status, response] of Object.entries((operation['responses'] ?? {}) as JsonObject)) {
        if (!status.startsWith('2') || !isPlainObject(response) || !isPlainObject(response['content']))
          continue;
        for (const media of Object.values(response['content']))
          if (isPlainObject(media)) relax(media['schema']);
      }
    }
  }
  return document;
}
