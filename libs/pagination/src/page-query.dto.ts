import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

import { QueryInt, QueryString } from '@portal/http-context';

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
    description: `Items per page, 1..${MAX_PAGE_SIZE}; -1 returns every item.`,
    default: DEFAULT_PAGE_SIZE,
    type: 'integer',
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
