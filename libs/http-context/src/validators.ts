import { applyDecorators, type Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';
import { Type as TransformType } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  registerDecorator,
  ValidateBy,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';

import { MAX_BODY_DEPTH, measureJsonText } from './json-bounds';
import { FREE_TEXT_PATTERN, freeTextProblem } from './plain-text';

/** Shared vocabulary for request DTOs, so every service states the same rule the same way. */

/**
 * The free-text rule (plain-text.ts: no control characters but tab, LF and CR) on a string
 * property, or with `each` on every string of an array property, whose message names the item
 * (`senderIdentifiers[2] must not ...`). Other values pass: `IsString` reports them. The OpenAPI
 * side is `pattern: FREE_TEXT_PATTERN` on the property (or its `items`).
 */
export const FreeText =
  ({ each = false }: { each?: boolean } = {}): PropertyDecorator =>
  (target, propertyName) => {
    const problemOf = (value: unknown, property: string): string | undefined => {
      if (typeof value === 'string') {
        const problem = freeTextProblem(value);
        return problem && `${property} ${problem}`;
      }
      if (!each || !Array.isArray(value)) return undefined;
      for (const [index, item] of value.entries()) {
        const problem = typeof item === 'string' ? freeTextProblem(item) : undefined;
        if (problem) return `${property}[${index}] ${problem}`;
      }
      return undefined;
    };
    registerDecorator({
      name: 'freeText',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => problemOf(value, String(propertyName)) === undefined,
        defaultMessage: (args?: ValidationArguments) =>
          problemOf(args?.value, args?.property ?? String(propertyName)) ?? '',
      },
    });
  };

/** A required string of `min..max` characters of free text. */
export const RequiredText = (min: number, max: number, description: string): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ description, minLength: min, maxLength: max, pattern: FREE_TEXT_PATTERN }),
    IsDefined({ message: '$property is required' }),
    IsString(),
    Length(min, max),
    FreeText(),
  );

/** An optional string of at most `max` characters of free text that may also be null. */
export const OptionalText = (max: number, description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      description,
      maxLength: max,
      nullable: true,
      type: String,
      pattern: FREE_TEXT_PATTERN,
    }),
    IsOptional(),
    IsString(),
    MaxLength(max),
    FreeText(),
  );

/** `createdBy` of every create body (interfaces 2.1). */
export const CreatedBy = (): PropertyDecorator => RequiredText(1, 100, 'Requester of the creation.');

/** `updatedBy` of every update body (interfaces 2.1). */
export const UpdatedBy = (): PropertyDecorator => RequiredText(1, 100, 'Requester of the update.');

/** A required nested object, validated by its own DTO class. */
export const RequiredNested = (type: Type, description?: string): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ type, description }),
    IsDefined({ message: '$property is required' }),
    IsObject(),
    ValidateNested(),
    TransformType(() => type),
  );

/** An optional (or null) array of at most `maxItems` nested objects, each validated by its DTO class. */
export const OptionalNestedArray = (type: Type, maxItems: number, description?: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: [type], nullable: true, maxItems, description }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(maxItems),
    // ValidateNested alone passes an item that is an array (`[[]]`), stored as an empty one.
    IsObject({ each: true }),
    ValidateNested({ each: true }),
    TransformType(() => type),
  );

/**
 * Where an array first repeats an item: its index and the index of the item it repeats, by
 * `key` (the item itself by default, compared as a Set compares). One pass and one Map, so the
 * cost is linear in the array's length.
 */
export function firstRepeat<T>(
  items: readonly T[],
  key: (item: T) => unknown = (item) => item,
): { readonly index: number; readonly repeats: number } | undefined {
  const firstIndexOf = new Map<unknown, number>();
  for (let index = 0; index < items.length; index += 1) {
    const itemKey = key(items[index]);
    const repeats = firstIndexOf.get(itemKey);
    if (repeats !== undefined) return { index, repeats };
    firstIndexOf.set(itemKey, index);
  }
  return undefined;
}

/**
 * No item of the array repeats another (by `key` when given). What class-validator's ArrayUnique
 * checks, in linear time: ArrayUnique compares every item with every other (`indexOf` within
 * `filter`), so 150,000 items held the event loop for seconds. The message names the indices,
 * never the values. A value that is not an array passes: IsArray reports it.
 */
export const UniqueItems = <T>(key?: (item: T) => unknown): PropertyDecorator => {
  const repeatOf = (value: unknown) => (Array.isArray(value) ? firstRepeat(value as T[], key) : undefined);
  return ValidateBy({
    name: 'uniqueItems',
    validator: {
      validate: (value: unknown) => repeatOf(value) === undefined,
      defaultMessage: (args) => {
        const repeat = repeatOf(args?.value);
        const where = repeat ? `: [${repeat.index}] repeats [${repeat.repeats}]` : '';
        return `$property must not repeat a value${where}`;
      },
    },
  });
};

/** A required string of 1..`maxLength` characters matching `pattern` (an address, a code). */
export const RequiredPattern = (
  pattern: RegExp,
  maxLength: number,
  message: string,
  description: string,
): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ description, maxLength, pattern: pattern.source }),
    IsDefined({ message: '$property is required' }),
    IsString(),
    Length(1, maxLength),
    Matches(pattern, { message }),
  );

/** The properties of each DTO class that hold a JSON value as sent (OptionalJsonTextOrValue). */
const rawJsonProperties = new WeakMap<object, Set<string>>();

/**
 * The properties of a DTO class whose values the validation pipe passes by class-transformer, as
 * sent: arbitrary JSON, which class-transformer would copy property by property (and fails on,
 * given a property named `constructor`).
 */
export function rawJsonPropertiesOf(metatype: object): ReadonlySet<string> {
  const names = new Set<string>();
  // The class and those it extends.
  let type: object | null = metatype;
  while (type && type !== Function.prototype) {
    for (const name of rawJsonProperties.get(type) ?? []) names.add(name);
    type = Object.getPrototypeOf(type) as object | null;
  }
  return names;
}

const RawJson = (): PropertyDecorator => (target, propertyKey) => {
  const names = rawJsonProperties.get(target.constructor) ?? new Set<string>();
  names.add(String(propertyKey));
  rawJsonProperties.set(target.constructor, names);
};

const isJsonContainer = (value: unknown, arrays: boolean): boolean =>
  value !== null && typeof value === 'object' && (arrays || !Array.isArray(value));

export interface JsonTextOrValueOptions {
  /** An array is taken as well as an object. */
  readonly arrays: boolean;
  /**
   * The most JSON values text may hold, as the body parser bounds a value sent as it is: parsed
   * later (by a render worker, say), text must not become more than the value could.
   */
  readonly maxElements: number;
  /**
   * What else the property must be, for a value that is text or an object (or array): the problem
   * (the 400's message on the property), or undefined when it passes. Without it the text is not read.
   */
  readonly check?: (value: string | object) => string | undefined;
  /** The example of the OpenAPI document. */
  readonly example?: unknown;
  /**
   * Members the OpenAPI document describes on the object (others stay allowed): a schema for
   * each that a client may send, checked where the value is read, not here.
   */
  readonly properties?: Record<string, SchemaObject | ReferenceObject>;
}

/**
 * Optional JSON that a client may send as JSON text (a string, as the reference has it) or as the
 * JSON value itself: an object, or with `arrays` also an array. Null or absent is none. The value
 * is kept exactly as parsed from the body; what the text holds is the handler's to check, unless
 * `check` says it here.
 */
export const OptionalJsonTextOrValue = (
  description: string,
  { arrays, maxElements, check, example, properties }: JsonTextOrValueOptions,
): PropertyDecorator => {
  const kindMessage = `$property must be JSON text (a string) or ${arrays ? 'a JSON object or array' : 'a JSON object'}`;
  const bounds = { maxElements, maxDepth: MAX_BODY_DEPTH };
  const problemOf = (value: unknown): string | undefined => {
    if (typeof value === 'string') {
      const measure = measureJsonText(value, bounds);
      if (!measure.within)
        return measure.exceeded === 'elements'
          ? `$property holds more than ${maxElements.toLocaleString('en')} JSON values`
          : `$property is nested deeper than ${MAX_BODY_DEPTH} levels`;
    } else if (!isJsonContainer(value, arrays)) return kindMessage;
    return check?.(value as string | object);
  };
  return applyDecorators(
    ApiPropertyOptional({
      description,
      nullable: true,
      oneOf: [
        { type: 'string', description: 'JSON text' },
        {
          type: 'object',
          additionalProperties: true,
          description: 'the JSON object itself',
          ...(properties === undefined ? {} : { properties }),
        },
        ...(arrays ? [{ type: 'array', items: {}, description: 'the JSON array itself' }] : []),
      ],
      ...(example === undefined ? {} : { example }),
    }),
    IsOptional(),
    // As sent: the validation pipe leaves it out of class-transformer.
    RawJson(),
    ValidateBy({
      name: 'isJsonTextOrValue',
      validator: {
        validate: (value: unknown) => problemOf(value) === undefined,
        defaultMessage: (args) => problemOf(args?.value) ?? kindMessage,
      },
    }),
  );
};
