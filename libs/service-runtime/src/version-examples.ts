import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Per version segment (`v9-1`), the example values its operations use instead of the ones the
 * shared controllers document: the versions share one database, so the examples of each must name
 * records of their own (a create's name, a delete's record) for every example of the document to
 * run in any order.
 */
export type VersionExampleValues = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * A parameter example that differs per version (`{ 'v10-0': 3, 'v9-1': 4 }`: each version's delete
 * example removes a record of its own). Documented as the parameter's `examples`, one per version,
 * which applyVersionExamples turns into the one `example` of each version's operation.
 */
export type ExampleByVersion<T> = Readonly<Record<string, T>>;

/** The parameter's `examples` of an ExampleByVersion (`{ 'v10-0': { value: 3 }, ... }`). */
export const parameterExamplesByVersion = <T>(
  examples: ExampleByVersion<T>,
): Record<string, { summary: string; value: T }> =>
  Object.fromEntries(
    Object.entries(examples).map(([version, value]) => [version, { summary: `under /${version}/`, value }]),
  );

const OPERATION_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;

/** The value with every string equal to a key of `values` replaced, at any depth. */
function replaced(value: unknown, values: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') return Object.hasOwn(values, value) ? values[value] : value;
  if (Array.isArray(value)) return value.map((item) => replaced(item, values));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaced(item, values)]));
  return value;
}

/**
 * Rewrites the examples of the operations under `/<version>/`: a parameter's examples by version
 * (ExampleByVersion) become its one example, the version's; then parameter examples and request
 * body examples whose strings are keys of the version's values are replaced. Names a value no
 * example of the version holds, so that a stale entry is noticed.
 */
export function applyVersionExamples(document: OpenAPIObject, versions: VersionExampleValues): OpenAPIObject {
  pickParameterExamplesByVersion(document);
  for (const [version, values] of Object.entries(versions)) {
    const used = new Set<string>();
    const track = (value: unknown): unknown => {
      const text = JSON.stringify(value);
      for (const key of Object.keys(values)) if (text?.includes(JSON.stringify(key))) used.add(key);
      return replaced(value, values);
    };
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith(`/${version}/`)) continue;
      for (const method of OPERATION_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        // @nestjs/swagger writes ApiParam's example into the schema; a parameter may hold one itself.
        operation.parameters = operation.parameters?.map((parameter) => {
          if ('$ref' in parameter) return parameter;
          const schema = parameter.schema;
          return {
            ...parameter,
            ...(parameter.example === undefined ? {} : { example: track(parameter.example) }),
            ...(schema && !('$ref' in schema) && schema.example !== undefined
              ? { schema: { ...schema, example: track(schema.example) } }
              : {}),
          };
        });
        const body = operation.requestBody;
        if (!body || '$ref' in body) continue;
        // New objects throughout: the body's objects are the decorators' own, shared by the versions
        // and by every build of the document.
        operation.requestBody = {
          ...body,
          content: Object.fromEntries(
            Object.entries(body.content).map(([mediaType, media]) => [
              mediaType,
              media.examples
                ? {
                    ...media,
                    examples: Object.fromEntries(
                      Object.entries(media.examples).map(([key, example]) => [
                        key,
                        '$ref' in example ? example : { ...example, value: track(example.value) },
                      ]),
                    ),
                  }
                : media,
            ]),
          ),
        };
      }
    }
    const unused = Object.keys(values).filter((key) => !used.has(key));
    if (unused.length > 0)
      throw new Error(`No example under /${version}/ holds ${unused.map((key) => `'${key}'`).join(', ')}`);
  }
  return document;
}

/** A parameter's `examples` keyed by the version of its path become its `example` (ExampleByVersion). */
function pickParameterExamplesByVersion(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    const version = path.split('/')[1];
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (!operation?.parameters) continue;
      operation.parameters = operation.parameters.map((parameter) => {
        if ('$ref' in parameter || !parameter.examples || !Object.hasOwn(parameter.examples, version))
          return parameter;
        const { examples, ...rest } = parameter;
        const picked = examples[version];
        if ('$ref' in picked)
          throw new Error(`${path}: the example of ${parameter.name} for ${version} is a $ref`);
        // @nestjs/swagger writes a lone example into the schema: so does this, as the others read it.
        const example: unknown = picked.value;
        return { ...rest, schema: { ...rest.schema, example } };
      });
    }
  }
}
