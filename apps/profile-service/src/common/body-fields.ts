import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

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
