import { Readable } from 'node:stream';

import type { PageRequest } from './page-query.dto';

/** Batches of a list, read one after the other; `return` releases what they are read from. */
export interface Batches<T> {
  next(): Promise<IteratorResult<readonly T[], undefined>>;
  return(): Promise<IteratorResult<readonly T[], undefined>>;
}

/**
 * A list too long to hold (`PageSize=-1` over a large table): its items arrive in batches, read
 * while the response is written, each batch dropped once written. The pagination interceptor
 * writes its headers and streams it as one JSON array; when the response ends early (the client
 * went away) the batches are returned, which releases their cursor.
 */
export class StreamedPage<T> {
  constructor(
    readonly batches: Batches<T>,
    readonly totalCount: number,
    readonly request: PageRequest,
  ) {}

  map<U>(mapper: (item: T) => U): StreamedPage<U> {
    const source = this.batches;
    const mapped: Batches<U> = {
      next: async () => {
        const result = await source.next();
        return result.done ? result : { done: false, value: result.value.map(mapper) };
      },
      return: () => source.return() as Promise<IteratorResult<readonly U[], undefined>>,
    };
    return new StreamedPage(mapped, this.totalCount, this.request);
  }

  get pageSize(): number {
    return this.totalCount;
  }

  get totalPages(): number {
    return this.totalCount > 0 ? 1 : 0;
  }

  /**
   * The items as the text of one JSON array, a batch at a time, read as fast as it is sent: each
   * read pushes once, so the next batch is fetched only when the socket has taken the last.
   */
  toJsonStream(): Readable {
    const batches = this.batches;
    let opened = false;
    const nextItems = async (): Promise<readonly T[] | undefined> => {
      for (;;) {
        const result = await batches.next();
        if (result.done) return undefined;
        if (result.value.length > 0) return result.value;
      }
    };
    return new Readable({
      read() {
        nextItems().then(
          (items) => {
            const prefix = opened ? ',' : '[';
            if (items === undefined) {
              this.push(opened ? ']' : '[]');
              this.push(null);
            } else {
              this.push(prefix + items.map((item) => JSON.stringify(item)).join(','));
            }
            opened = true;
          },
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      },
      destroy(error, callback) {
        batches.return().then(
          () => callback(error),
          () => callback(error),
        );
      },
    });
  }
}
