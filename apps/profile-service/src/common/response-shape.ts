import type { Type } from '@nestjs/common';

import type { EntityShape } from '@portal/access-level';

/** Where @nestjs/swagger lists a class's @ApiProperty names (`:name`); its constants are not exported. */
const API_MODEL_PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';

/**
 * The properties of a response class as its `@ApiProperty` decorators declare them (the
 * OpenAPI schema), base classes included, each once: the one list the projection and `Select`
 * follow.
 */
function responsePropertiesOfClass(response: Type): string[] {
  const declared = (Reflect.getMetadata(API_MODEL_PROPERTIES_ARRAY, response.prototype as object) ??
    []) as string[];
  return [...new Set(declared.map((property) => property.replace(/^:/, '')))];
}

/**
 * The projection shape of a response class, read from its OpenAPI properties, so that the
 * response type is the one list of what a response holds. `relations` names the nested objects
 * and the entity key that projects each.
 */
export function shapeOfResponse(
  response: Type,
  relations: Readonly<Record<string, string>> = {},
): EntityShape {
  const properties = responsePropertiesOfClass(response);
  for (const relation of Object.keys(relations)) {
    if (!properties.includes(relation))
      throw new Error(`${response.name} has no property ${relation} to nest another entity in.`);
  }
  return { properties: properties.filter((property) => !Object.hasOwn(relations, property)), relations };
}

/**
 * OrderBy over the plain properties of a response class (`alias.property`, which TypeORM maps to
 * the column), for a list whose rows are the entity behind that response.
 */
export function orderByOfResponse(
  response: Type,
  alias: string,
  relations: Readonly<Record<string, string>> = {},
): Readonly<Record<string, string>> {
  return Object.fromEntries(
    shapeOfResponse(response, relations).properties.map((property) => [property, `${alias}.${property}`]),
  );
}
