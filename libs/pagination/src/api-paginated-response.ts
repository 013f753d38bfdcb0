import { applyDecorators, type Type } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });
const linkHeader = (description: string) => ({ description, schema: { type: 'string' } });

/** Documents a list response: an array of `type` and the X-Pagination-* headers. */
export const ApiPaginatedResponse = (type: Type): MethodDecorator =>
  applyDecorators(
    ApiOkResponse({
      type: [type],
      description: 'One page of items; HEAD on the same path returns the headers alone.',
      headers: {
        'X-Pagination-Total-Count': integerHeader('Items matching the filters.'),
        'X-Pagination-Page-Size': integerHeader('Items per page.'),
        'X-Pagination-Current-Page': integerHeader('This page, 1-based.'),
        'X-Pagination-Total-Pages': integerHeader('Pages at this page size.'),
        'X-Pagination-Next-Page-Link': linkHeader('Relative URL of the next page; absent on the last.'),
        'X-Pagination-Previous-Page-Link': linkHeader(
          'Relative URL of the previous page; absent on the first.',
        ),
      },
    }),
  );
