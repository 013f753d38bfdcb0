import type { ValidationError } from 'class-validator';

import type { ValidationErrors } from './domain-error';

const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

/** Appends one property to a JSON path the way a client writes it: `a.b`, `list[0].c`. */
export function joinPath(parent: string, property: string): string {
  if (isIndex(property)) return `${parent}[${property}]`;
  return parent ? `${parent}.${property}` : property;
}

/** Flattens class-validator's error tree into messages keyed by the property's JSON path. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): ValidationErrors {
  const result: ValidationErrors = {};
  const visit = (error: ValidationError, parentPath: string): void => {
    const path = joinPath(parentPath, error.property);
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) (result[path] ??= []).push(...messages);
    for (const child of error.children ?? []) visit(child, path);
  };
  for (const error of errors) visit(error, parent);
  return result;
}
