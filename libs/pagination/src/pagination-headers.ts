import type { PageRequest } from './page-query.dto';

/** What the headers tell of a list: a Page or a StreamedPage. */
export interface PageCounts {
  readonly request: PageRequest;
  readonly totalCount: number;
  readonly pageSize: number;
  readonly totalPages: number;
}

/** The six X-Pagination-* headers (interfaces 4.1); links are relative and keep the query. */
export function paginationHeaders(page: PageCounts, requestUrl: string): Record<string, string> {
  const { pageNumber } = page.request;
  const headers: Record<string, string> = {
    'x-pagination-total-count': String(page.totalCount),
    'x-pagination-page-size': String(page.pageSize),
    'x-pagination-current-page': String(pageNumber),
    'x-pagination-total-pages': String(page.totalPages),
  };
  if (pageNumber < page.totalPages)
    headers['x-pagination-next-page-link'] = linkToPage(requestUrl, pageNumber + 1);
  if (pageNumber > 1 && page.totalPages > 0) {
    headers['x-pagination-previous-page-link'] = linkToPage(
      requestUrl,
      Math.min(pageNumber - 1, page.totalPages),
    );
  }
  return headers;
}

function linkToPage(requestUrl: string, pageNumber: number): string {
  const queryStart = requestUrl.indexOf('?');
  const path = queryStart < 0 ? requestUrl : requestUrl.slice(0, queryStart);
  const query = queryStart < 0 ? '' : requestUrl.slice(queryStart + 1);
  const params = new URLSearchParams(query);
  for (const name of [...params.keys()]) {
    if (name.toLowerCase() === 'pagenumber') params.delete(name);
  }
  params.set('PageNumber', String(pageNumber));
  return `${path}?${params.toString()}`;
}
