import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import type { SortTerm } from './order-by';
import { Page } from './page';
import type { PageRequest } from './page-query.dto';

/** Orders the query by the parsed OrderBy terms (which end with the id), replacing any order it had. */
export function orderQuery<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  order: readonly SortTerm[],
): SelectQueryBuilder<T> {
  order.forEach((term, index) =>
    index === 0
      ? query.orderBy(term.expression, term.direction)
      : query.addOrderBy(term.expression, term.direction),
  );
  return query;
}

/** Orders, pages and counts a query in one place, so every list pages the same way. */
export async function fetchPage<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  order: readonly SortTerm[],
  request: PageRequest,
): Promise<Page<T>> {
  orderQuery(query, order);
  if (request.pageSize !== undefined) {
    query.skip((request.pageNumber - 1) * request.pageSize).take(request.pageSize);
  }
  const [items, totalCount] = await query.getManyAndCount();
  return new Page(items, totalCount, request);
}

/**
 * One page and its exact total in one statement (`count(*) OVER ()`), its rows read raw and made
 * items by `read`. For queries whose joins are many-to-one (one row per item), so that LIMIT and
 * OFFSET page the items as they are: `getManyAndCount` with joins costs two more statements (the
 * page's distinct ids, then the count) and TypeORM's hydration of the rows costs more than the
 * query. A page past the end (no row to carry the total) counts apart.
 */
export async function fetchRawPage<T extends ObjectLiteral, R>(
  query: SelectQueryBuilder<T>,
  order: readonly SortTerm[],
  request: PageRequest,
  read: (row: Record<string, unknown>) => R,
): Promise<Page<R>> {
  orderQuery(query, order);
  if (request.pageSize !== undefined) {
    query.limit(request.pageSize).offset((request.pageNumber - 1) * request.pageSize);
  }
  const rows = await query.addSelect('count(*) OVER ()', 'page_total').getRawMany<Record<string, unknown>>();
  const total =
    rows.length > 0
      ? Number(rows[0].page_total)
      : request.pageNumber > 1
        ? await query.limit(undefined).offset(undefined).orderBy().getCount()
        : 0;
  return new Page(rows.map(read), total, request);
}
