import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { QueryBoolean, QueryInt, QueryIntArray, QueryString } from '@portal/http-context';

/** List filters of interfaces 4.2 and 4.3: the query DTO side and the query builder side. */

export const TextFilter = (maxLength: number, description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, maxLength }),
    IsOptional(),
    QueryString(),
    IsString(),
    MaxLength(maxLength),
  );

export const BooleanFilter = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: Boolean }),
    IsOptional(),
    QueryBoolean(),
    IsBoolean(),
  );

export const IdFilter = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: 'integer' }),
    IsOptional(),
    QueryInt(),
    IsInt(),
    Min(1),
    Max(2_147_483_647),
  );

/** `Ids=1&Ids=2` or `Ids=1,2`: at most 1000 int32 ids. */
export const IdsFilter = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: [Number] }),
    IsOptional(),
    QueryIntArray(),
    ArrayMaxSize(1000),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(2_147_483_647, { each: true }),
  );

let parameterSequence = 0;
const parameterName = (): string => `filter${(parameterSequence = (parameterSequence + 1) % 1_000_000)}`;

/** `expression = value`, when the filter was given. */
export function whereEquals<T extends ObjectLiteral>(
  list: SelectQueryBuilder<T>,
  expression: string,
  value: string | number | boolean | undefined,
): void {
  if (value === undefined) return;
  const name = parameterName();
  list.andWhere(`${expression} = :${name}`, { [name]: value });
}

/** `expression IN (values)`, when the filter was given. */
export function whereIn<T extends ObjectLiteral>(
  list: SelectQueryBuilder<T>,
  expression: string,
  values: readonly number[] | undefined,
): void {
  if (values === undefined) return;
  const name = parameterName();
  list.andWhere(`${expression} IN (:...${name})`, { [name]: values.length > 0 ? values : [null] });
}

/** Case-insensitive equality (`Name`, `Code`, `IdpName`), when the filter was given. */
export function whereEqualsIgnoringCase<T extends ObjectLiteral>(
  list: SelectQueryBuilder<T>,
  expression: string,
  value: string | undefined,
): void {
  if (value === undefined) return;
  const name = parameterName();
  list.andWhere(`lower(${expression}) = lower(:${name})`, { [name]: value });
}

/** Case-insensitive substring (`...Contains`), when the filter was given. */
export function whereContainsIgnoringCase<T extends ObjectLiteral>(
  list: SelectQueryBuilder<T>,
  expression: string,
  value: string | undefined,
): void {
  if (value === undefined) return;
  const name = parameterName();
  const pattern = `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  list.andWhere(`${expression} ILIKE :${name}`, { [name]: pattern });
}
