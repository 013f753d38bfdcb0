import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import type { SortTerm } from './order-by';
import { Page } from './page';
import type { PageRequest } from './page-query.dto';

/** Orders, pages and counts a query in one place, so every list pages the same way. */
export async function fetchPage<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  order: readonly SortTerm[],
  request: PageRequest,
): Promise<Page<T>> {
  order.forEach((term, index) =>
    index === 0
      ? query.orderBy(term.expression, term.direction)
      : query.addOrderBy(term.expression, term.direction),
  );
  if (request.pageSize !== undefined) {
    query.skip((request.pageNumber - 1) * request.pageSize).take(request.pageSize);
  }
  const [items, totalCount] = await query.getManyAndCount();
  return new Page(items, totalCount, request);
}
