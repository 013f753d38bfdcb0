import { applyDecorators, type Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
  ValidateNested,
} from 'class-validator';

/** Shared vocabulary for request DTOs, so every service states the same rule the same way. */

/** A required string of `min..max` characters. */
export const RequiredText = (min: number, max: number, description: string): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ description, minLength: min, maxLength: max }),
    IsDefined({ message: '$property is required' }),
    IsString(),
    Length(min, max),
  );

/** An optional string of at most `max` characters that may also be null. */
export const OptionalText = (max: number, description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, maxLength: max, nullable: true, type: String }),
    IsOptional(),
    IsString(),
    MaxLength(max),
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
    ValidateNested({ each: true }),
    TransformType(() => type),
  );

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
