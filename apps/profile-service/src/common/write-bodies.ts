import type { Type } from '@nestjs/common';

import { CreatedBy, UpdatedBy } from '@portal/http-context';

import type { CreateBody, UpdateBody } from './crud/crud.service';

/**
 * The create and update bodies of a resource (interfaces 4.2): its fields with `createdBy`, or
 * with `updatedBy` in its place, named `Create<Name>Dto` and `Update<Name>Dto` in OpenAPI.
 */
export function writeBodies<T extends object>(
  fields: Type<T>,
  name: string,
): [Type<T & CreateBody>, Type<T & UpdateBody>] {
  class Create extends (fields as Type<object>) {
    @CreatedBy() readonly createdBy: string;
  }
  class Update extends (fields as Type<object>) {
    @UpdatedBy() readonly updatedBy: string;
  }
  Object.defineProperty(Create, 'name', { value: `Create${name}Dto` });
  Object.defineProperty(Update, 'name', { value: `Update${name}Dto` });
  return [Create as Type<T & CreateBody>, Update as Type<T & UpdateBody>];
}
