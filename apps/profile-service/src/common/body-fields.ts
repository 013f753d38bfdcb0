import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';

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
  options: { minimum?: number; defaultValue?: number; nullable?: boolean } = {},
): PropertyDecorator => {
  const minimum = options.minimum ?? -INT32_MAX - 1;
  return applyDecorators(
    ApiPropertyOptional({
      description,
      type: 'integer',
      format: 'int32',
      minimum,
      maximum: INT32_MAX,
      default: options.defaultValue,
      nullable: options.nullable,
    }),
    IsOptional(),
    IsInt(),
    Min(minimum),
    Max(INT32_MAX),
  );
};

/** The body of an upsert that carries only its requester (interfaces 4.3). */
export class CreatedByBodyDto {
  @CreatedBy() readonly createdBy: string;
}
