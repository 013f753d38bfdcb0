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
  ValidateNested,
} from 'class-validator';

import { CreatedBy } from '@portal/http-context';

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

/** An optional (or null) e-mail address of at most `maxLength` characters. */
export const OptionalEmail = (maxLength: number, description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: String, format: 'email', maxLength, nullable: true }),
    IsOptional(),
    IsString(),
    MaxLength(maxLength),
    IsEmail({ require_tld: true }, { message: '$property must be an e-mail address' }),
  );

/** A required e-mail address of at most `maxLength` characters. */
export const RequiredEmail = (maxLength: number, description: string): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ description, type: String, format: 'email', maxLength }),
    IsDefined({ message: '$property is required' }),
    IsString(),
    MaxLength(maxLength),
    IsEmail({ require_tld: true }, { message: '$property must be an e-mail address' }),
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
