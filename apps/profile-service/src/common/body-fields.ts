import { applyDecorators, type Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type as TransformType } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';

import { CreatedBy, FREE_TEXT_PATTERN, FreeText, freeTextProblem } from '@portal/http-context';
import { quoteInput } from '@portal/problem-details';

const INT32_MAX = 2_147_483_647;

/** Body fields beside the text ones of @portal/http-context: optional, and null means the default. */

export const OptionalBoolean = (description: string, defaultValue: boolean): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: Boolean, default: defaultValue }),
    IsOptional(),
    IsBoolean(),
  );

/** An optional int32 of at least `minimum`; `nullable` when null is a value of its own. */
export const OptionalInt = (
  description: string,
  options: { minimum?: number; maximum?: number; defaultValue?: number; nullable?: boolean } = {},
): PropertyDecorator => {
  const minimum = options.minimum ?? -INT32_MAX - 1;
  const maximum = options.maximum ?? INT32_MAX;
  return applyDecorators(
    ApiPropertyOptional({
      description,
      type: 'integer',
      format: 'int32',
      minimum,
      maximum,
      default: options.defaultValue,
      nullable: options.nullable,
    }),
    IsOptional(),
    IsInt(),
    Min(minimum),
    Max(maximum),
  );
};

/** A required reference to another record by its int32 id. */
export const RequiredId = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ description, type: 'integer', format: 'int32', minimum: 1 }),
    IsDefined({ message: '$property is required' }),
    IsInt(),
    Min(1),
    Max(INT32_MAX),
  );

/** An optional value of an enumeration. */
export const OptionalEnum = (
  values: readonly string[],
  description: string,
  defaultValue: string,
): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, enum: values, default: defaultValue }),
    IsOptional(),
    IsIn(values, { message: `$property must be one of ${values.join(', ')}` }),
  );

/** The body of an upsert that carries only its requester (interfaces 4.3). */
export class CreatedByBodyDto {
  @CreatedBy() readonly createdBy: string;
}

/** An optional reference to another record by its int32 id; null means none. */
export const OptionalId = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: 'integer', format: 'int32', minimum: 1, nullable: true }),
    IsOptional(),
    IsInt(),
    Min(1),
    Max(INT32_MAX),
  );

/** An optional (or null) string of at most `maxLength` characters matching `pattern`. */
export const OptionalPattern = (
  pattern: RegExp,
  maxLength: number,
  message: string,
  description: string,
): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, maxLength, pattern: pattern.source, nullable: true, type: String }),
    IsOptional(),
    IsString(),
    MaxLength(maxLength),
    Matches(pattern, { message }),
  );

/** An optional (or null) ISO 8601 date-time (a date alone means its midnight UTC). */
export const OptionalDateTime = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: String, format: 'date-time', nullable: true }),
    IsOptional(),
    IsISO8601({ strict: true }, { message: '$property must be an ISO 8601 date-time' }),
  );

/** An optional (or null) uuid. */
export const OptionalUuid = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: String, format: 'uuid', nullable: true }),
    IsOptional(),
    IsUUID('all'),
  );

// validator.js takes control characters in a quoted local part (`"a\u0001"@x.ch`): free text refuses them.

/** An optional (or null) e-mail address of at most `maxLength` characters. */
export const OptionalEmail = (maxLength: number, description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      description,
      type: String,
      format: 'email',
      maxLength,
      nullable: true,
      pattern: FREE_TEXT_PATTERN,
    }),
    IsOptional(),
    IsString(),
    MaxLength(maxLength),
    IsEmail({ require_tld: true }, { message: '$property must be an e-mail address' }),
    FreeText(),
  );

/** A required e-mail address of at most `maxLength` characters. */
export const RequiredEmail = (maxLength: number, description: string): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ description, type: String, format: 'email', maxLength, pattern: FREE_TEXT_PATTERN }),
    IsDefined({ message: '$property is required' }),
    IsString(),
    MaxLength(maxLength),
    IsEmail({ require_tld: true }, { message: '$property must be an e-mail address' }),
    FreeText(),
  );

/** An optional nested object validated by its own DTO class (an array or a scalar is refused). */
export const OptionalNested = (type: Type, description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type, description, nullable: true }),
    IsOptional(),
    IsObject(),
    ValidateNested(),
    TransformType(() => type),
  );

/** Why `value` is not a string-to-string map within the bounds, or undefined when it is one. */
export function stringMapProblem(
  value: unknown,
  bounds: { maxEntries: number; maxKeyLength: number; maxValueLength: number },
): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return 'must be an object of string values, or null';
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > bounds.maxEntries) return `must have at most ${bounds.maxEntries} entries`;
  for (const [key, item] of entries) {
    if (key.length === 0 || key.length > bounds.maxKeyLength)
      return `keys must be 1..${bounds.maxKeyLength} characters long (${quoteInput(key, 50)} is not)`;
    // Keys and values are free text: a key is quoted below only once it passes.
    const keyProblem = freeTextProblem(key);
    if (keyProblem) return `keys ${keyProblem}`;
    if (typeof item !== 'string') return `the value of ${quoteInput(key)} must be a string`;
    if (item.length > bounds.maxValueLength)
      return `the value of ${quoteInput(key)} must be at most ${bounds.maxValueLength} characters long`;
    const valueProblem = freeTextProblem(item);
    if (valueProblem) return `the value of ${quoteInput(key)} ${valueProblem}`;
  }
  return undefined;
}

/** An optional (or null) object of string values: a provider's metadata. */
export const OptionalStringMap = (
  description: string,
  bounds: { maxEntries: number; maxKeyLength: number; maxValueLength: number },
): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      description: `${description} At most ${bounds.maxEntries} entries; keys 1..${bounds.maxKeyLength}, values at most ${bounds.maxValueLength} characters.`,
      type: 'object',
      additionalProperties: { type: 'string', maxLength: bounds.maxValueLength, pattern: FREE_TEXT_PATTERN },
      maxProperties: bounds.maxEntries,
      nullable: true,
    }),
    IsOptional(),
    ValidateBy({
      name: 'isStringMap',
      validator: {
        validate: (value: unknown) => stringMapProblem(value, bounds) === undefined,
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'value'} ${stringMapProblem(args?.value, bounds) ?? 'is invalid'}`,
      },
    }),
  );
