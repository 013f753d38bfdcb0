import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, Length, MaxLength } from 'class-validator';

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
