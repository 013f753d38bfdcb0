import type { PageRequest } from './page-query.dto';

/** What a service returns for a list; only the pagination interceptor turns it into headers. */
export class Page<T> {
  constructor(
    readonly items: T[],
    readonly totalCount: number,
    readonly request: PageRequest,
  ) {}

  map<U>(mapper: (item: T) => U): Page<U> {
    return new Page(this.items.map(mapper), this.totalCount, this.request);
  }

  get pageSize(): number {
    return this.request.pageSize ?? this.totalCount;
  }

  get totalPages(): number {
    if (this.request.pageSize === undefined) return this.totalCount > 0 ? 1 : 0;
    return Math.ceil(this.totalCount / this.request.pageSize);
  }
}
