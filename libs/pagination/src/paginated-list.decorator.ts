import { applyDecorators, SetMetadata, type Type, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiQuery } from '@nestjs/swagger';

import { integerHeader, stringHeader } from '@portal/http-context';

import { PaginationInterceptor } from './pagination.interceptor';

/** Marks a list route: with `PageSize=-1` its GET is a stream, bounded as one (service-runtime). */
export const PAGINATED_LIST = 'portal:paginated-list';

export interface PaginatedListOptions {
  /**
   * The `OrderBy` example of this list, over properties it sorts by (`occurredAt desc,id`), in
   * place of PageQueryDto's `name desc,id`, which only lists with a `name` sort by: Swagger UI
   * pre-fills it in "Try it out", where an example the list refuses is a 400.
   */
  readonly orderByExample?: string;
}

/**
 * A list route: its handler returns a Page, sent as an array of `type` with the X-Pagination-*
 * headers (documented here). Only list routes pay for the interceptor.
 */
export const PaginatedList = (type: Type, options: PaginatedListOptions = {}): MethodDecorator =>
  applyDecorators(
    ...(options.orderByExample === undefined
      ? []
      : [ApiQuery({ name: 'OrderBy', required: false, example: options.orderByExample })]),
    SetMetadata(PAGINATED_LIST, true),
    UseInterceptors(PaginationInterceptor),
    ApiOkResponse({
      type: [type],
      description: 'One page of items; HEAD on the same path returns the headers alone.',
      headers: {
        'X-Pagination-Total-Count': integerHeader('Items matching the filters.'),
        'X-Pagination-Page-Size': integerHeader('Items per page.'),
        'X-Pagination-Current-Page': integerHeader('This page, 1-based.'),
        'X-Pagination-Total-Pages': integerHeader('Pages at this page size.'),
        'X-Pagination-Next-Page-Link': stringHeader('Relative URL of the next page; absent on the last.'),
        'X-Pagination-Previous-Page-Link': stringHeader(
          'Relative URL of the previous page; absent on the first.',
        ),
      },
    }),
  );
