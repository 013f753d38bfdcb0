import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

import { QueryInt, queryIntOf, QueryString } from '@portal/http-context';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;
/** `PageSize=-1` returns every item on one page (interfaces 4.1). */
export const ALL_ITEMS = -1;

/**
 * The list parameters every list operation accepts (contract 4). Validators stack bottom-up: each
 * property's type is checked first (tools/validation-order.spec.ts).
 */
export class PageQueryDto {
  @ApiPropertyOptional({ description: '1-based page index.', minimum: 1, default: 1, type: 'integer' })
  @IsOptional()
  @QueryInt()
  @Max(2_147_483_647)
  @Min(1)
  @IsInt()
  readonly PageNumber?: number;

  @ApiPropertyOptional({
    description: `Items per page, 1..${MAX_PAGE_SIZE}; -1 returns every item, as a stream: a caller may have a few at once (past them 429) and the instance a few in all (past them 503), both with Retry-After.`,
    default: DEFAULT_PAGE_SIZE,
    type: 'integer',
    // The bounds in the schema, not only in prose: 1..MAX_PAGE_SIZE, or -1.
    oneOf: [
      { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
      { type: 'integer', enum: [ALL_ITEMS] },
    ],
  })
  @IsOptional()
  @QueryInt()
  @ValidateIf((query: PageQueryDto) => query.PageSize !== ALL_ITEMS)
  @Max(MAX_PAGE_SIZE, { message: `PageSize must be between 1 and ${MAX_PAGE_SIZE}, or -1` })
  @Min(1, { message: `PageSize must be between 1 and ${MAX_PAGE_SIZE}, or -1` })
  @IsInt()
  readonly PageSize?: number;

  @ApiPropertyOptional({
    description:
      'Sort order: `property [asc|desc]`, comma-separated; dotted paths allowed. Every order ends with `id`.',
    example: 'name desc,id',
  })
  @IsOptional()
  @QueryString()
  @MaxLength(500)
  @IsString()
  readonly OrderBy?: string;
}

export interface PageRequest {
  readonly pageNumber: number;
  /** `undefined` when every item is asked for. */
  readonly pageSize: number | undefined;
}

export function pageRequestOf(query: PageQueryDto): PageRequest {
  const pageSize = query.PageSize ?? DEFAULT_PAGE_SIZE;
  return { pageNumber: query.PageNumber ?? 1, pageSize: pageSize === ALL_ITEMS ? undefined : pageSize };
}

/** `PageSize` in any case, matched without building a lower-case copy on every read. */
const PAGE_SIZE_NAME = /^pagesize$/i;

/**
 * Whether a request's query asks for every item (`PageSize=-1`, its name in any case), read as
 * PageQueryDto reads it: what makes a list request a stream, told before validation runs.
 */
export function asksForEveryItem(query: unknown): boolean {
  if (query === null || typeof query !== 'object') return false;
  let pageSize: unknown;
  let sent = 0;
  for (const name in query) {
    if (!PAGE_SIZE_NAME.test(name)) continue;
    // `PageSize=-1&pagesize=5` is one parameter sent twice: a 400, not a stream.
    if (++sent > 1) return false;
    pageSize = (query as Record<string, unknown>)[name];
  }
  return sent === 1 && queryIntOf(pageSize) === ALL_ITEMS;
}
