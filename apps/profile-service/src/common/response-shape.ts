import type { Type } from '@nestjs/common';

import type { EntityShape } from '@portal/access-level';

/** Where `@ApiProperty` lists a class's properties (`DECORATORS.API_MODEL_PROPERTIES_ARRAY` of @nestjs/swagger). */
const API_MODEL_PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';

/**
 * The properties of a response class as its `@ApiProperty` decorators declare them (the
 * OpenAPI schema), base classes included: the one list the projection and `Select` follow.
 */
export function responsePropertiesOfClass(response: Type): string[] {
  const declared = (Reflect.getMetadata(API_MODEL_PROPERTIES_ARRAY, response.prototype as object) ??
    []) as string[];
  return [...new Set(declared.map((property) => property.replace(/^:/, '')))];
}

/** A projection shape from a response class: its nested objects by the entity key that projects them. */
export function shapeOfResponse(
  response: Type,
  relations: Readonly<Record<string, string>> = {},
): EntityShape {
  const nested = new Set(Object.keys(relations));
  return {
    properties: responsePropertiesOfClass(response).filter((property) => !nested.has(property)),
    relations,
  };
}
