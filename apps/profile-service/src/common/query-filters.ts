import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { QueryBoolean, QueryInt, QueryString } from '@portal/http-context';

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
