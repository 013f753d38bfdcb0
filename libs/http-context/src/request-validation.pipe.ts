import { type ArgumentMetadata, Injectable, type PipeTransform, type Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate } from 'class-validator';

import {
  flattenValidationErrors,
  joinPath,
  MAX_VALIDATION_MESSAGES,
  ValidationProblemError,
  type ValidationErrors,
} from '@portal/problem-details';

import { isKnownStorableBody } from './json-body';
import { isPlainObject } from './plain-object';
import { rawJsonPropertiesOf } from './validators';

const declaredNames = new WeakMap<Type, Map<string, string>>();

/** The DTO's property names by their lower-case form, so `pagesize` finds `PageSize`. */
function propertyNamesOf(metatype: Type): Map<string, string> {
  let names = declaredNames.get(metatype);
  if (!names) {
    names = new Map();
    for (const { propertyName } of getMetadataStorage().getTargetValidationMetadatas(
      metatype,
      '',
      true,
      false,
    )) {
      names.set(propertyName.toLowerCase(), propertyName);
    }
    declaredNames.set(metatype, names);
  }
  return names;
}

const NUL_MESSAGE = 'must not contain NUL (U+0000) characters';
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const SURROGATE_MESSAGE = 'must be valid Unicode: a lone UTF-16 surrogate cannot be stored';

/** Why PostgreSQL could not store a string as sent, if it could not. */
export const unstorable = (text: string): string | undefined => {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return undefined;
};

/** A container met while walking a value: the path to it is spelt out only if a string in it fails. */
interface Container {
  readonly value: object;
  readonly parent: Container | undefined;
  readonly key: string;
}

const pathOf = (container: Container | undefined, key?: string): string => {
  const keys = key === undefined ? [] : [key];
  for (let at = container; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reduceRight((path, name) => joinPath(path, name), '') || '$';
};

/**
 * The paths of strings (values and keys) PostgreSQL cannot store as sent: NUL characters, which
 * text refuses, and lone surrogates, which jsonb refuses and text would keep as U+FFFD. Iterative,
 * so that no nesting can exhaust the stack; one visit per value and nothing allocated per string
 * (paths are built for the failures only); stops once it has found `max`.
 */
export function unstorableStrings(root: unknown, max: number): ValidationErrors {
  const found: ValidationErrors = {};
  let count = 0;
  const report = (path: string, message: string): void => {
    found[path] = [message];
    count += 1;
  };
  if (typeof root === 'string') {
    const message = unstorable(root);
    if (message) report('$', message);
    return found;
  }
  if (root === null || typeof root !== 'object') return found;
  const pending: Container[] = [{ value: root, parent: undefined, key: '' }];
  while (pending.length > 0 && count < max) {
    const container = pending.pop() as Container;
    const { value } = container;
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    const length = keys ? keys.length : (value as unknown[]).length;
    for (let index = 0; index < length && count < max; index += 1) {
      const key = keys ? keys[index] : String(index);
      if (keys) {
        const keyMessage = unstorable(key);
        if (keyMessage) {
          report(pathOf(container), `property names ${keyMessage}`);
          continue;
        }
      }
      const item = (value as Record<string, unknown>)[key];
      if (typeof item === 'string') {
        const message = unstorable(item);
        if (message) report(pathOf(container, key), message);
      } else if (item !== null && typeof item === 'object') {
        pending.push({ value: item, parent: container, key });
      }
    }
  }
  return found;
}

/**
 * The one validation pipe of every service. Bodies and queries become DTO instances; unknown
 * properties are stripped (contract 4); failures are 400 problems keyed by the property's path as
 * the client sent it. Query parameter names match their DTO property case-insensitively.
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  /** A path parameter, or any value without a DTO, goes through as it is, without a promise. */
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const { metatype, type } = metadata;
    if ((type !== 'body' && type !== 'query') || !metatype || !this.isDto(metatype)) return value;
    return this.validate(value, metatype, type);
  }

  private async validate(value: unknown, metatype: Type, type: 'body' | 'query'): Promise<unknown> {
    if (type === 'body' && !isPlainObject(value)) {
      throw ValidationProblemError.of('$', 'The body must be a JSON object.');
    }
    // Refused here rather than failing in the database, or being stored as something else. A body
    // whose text the parser found no such escape in holds none: not walked again.
    if (!isKnownStorableBody(value)) {
      const unstorableErrors = unstorableStrings(value, MAX_VALIDATION_MESSAGES);
      if (Object.keys(unstorableErrors).length > 0) throw new ValidationProblemError(unstorableErrors);
    }
    const { input, sentNames } =
      type === 'query'
        ? this.normaliseQuery(value, metatype)
        : { input: value, sentNames: new Map<string, string[]>() };

    // JSON values as sent (OptionalJsonTextOrValue) go by class-transformer, and back afterwards.
    const raw = type === 'body' ? rawJsonPropertiesOf(metatype) : new Set<string>();
    const transformed: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    const kept = new Map<string, unknown>();
    for (const name of raw) {
      if (!Object.hasOwn(transformed, name)) continue;
      kept.set(name, transformed[name]);
      delete transformed[name];
    }
    const instance = plainToInstance(metatype, transformed, { enableImplicitConversion: false }) as object;
    for (const [name, rawValue] of kept) (instance as Record<string, unknown>)[name] = rawValue;
    const errors = await validate(instance, {
      whitelist: true,
      forbidNonWhitelisted: false,
      forbidUnknownValues: true,
      // One message per property: the first rule it fails (decorators list them in order). It also
      // keeps nested validation off a value that already failed, so an array of 500,000 items
      // where an object goes is one error on its path, not one per item.
      stopAtFirstError: true,
    });
    if (errors.length > 0) {
      const flat = flattenValidationErrors(errors);
      throw new ValidationProblemError(type === 'query' ? this.renameToSent(flat, sentNames) : flat);
    }
    return instance;
  }

  private isDto(metatype: Type): boolean {
    return ![String, Boolean, Number, Array, Object].includes(metatype as never);
  }

  private normaliseQuery(
    value: unknown,
    metatype: Type,
  ): { input: Record<string, unknown>; sentNames: Map<string, string[]> } {
    const declared = propertyNamesOf(metatype);
    const input: Record<string, unknown> = {};
    /** Each parameter's spellings as sent, in order. */
    const sentNames = new Map<string, string[]>();
    for (const [sentName, sentValue] of Object.entries(isPlainObject(value) ? value : {})) {
      const name = declared.get(sentName.toLowerCase());
      if (!name) continue;
      // `Ids=1&ids=2` is one parameter sent twice: an array takes both.
      input[name] = name in input ? [input[name], sentValue].flat() : sentValue;
      sentNames.set(name, [...(sentNames.get(name) ?? []), sentName]);
    }
    return { input, sentNames };
  }

  /**
   * The errors under the names as sent. A single-valued parameter sent under two spellings
   * (`PageSize=1&pagesize=2`) fails as the array its values make: its problem says what happened
   * instead, under the later spelling.
   */
  private renameToSent(errors: ValidationErrors, sentNames: Map<string, string[]>): ValidationErrors {
    const renamed: ValidationErrors = {};
    for (const [path, messages] of Object.entries(errors)) {
      const [head, ...rest] = path.split(/(?=[.[])/);
      const spellings = sentNames.get(head) ?? [head];
      if (spellings.length > 1) {
        const [first, ...others] = spellings;
        renamed[others.at(-1)!] = [
          `${[first, ...others].join(' and ')} are one parameter (${head}: names match case-insensitively), which takes one value; send it once.`,
        ];
        continue;
      }
      renamed[[spellings[0], ...rest].join('')] = messages;
    }
    return renamed;
  }
}
