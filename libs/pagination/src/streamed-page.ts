import { Readable } from 'node:stream';

import { isHighSurrogate } from '@portal/problem-details';

import type { PageRequest } from './page-query.dto';

/** UTF-16 code units of a stream's pushes: 64 Ki, each a write of 64 to 192 KiB of UTF-8. */
export const STREAM_CHUNK_CHARS = 64 * 1024;

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
   * read pushes one chunk of at most STREAM_CHUNK_CHARS, and the next batch is fetched only when
   * the socket has taken the last one's chunks. Small chunks let a write deadline see a slow
   * reader's progress (a batch of pictures is tens of MB, one write the socket takes whole or not).
   */
  toJsonStream(): Readable {
    const batches = this.batches;
    let opened = false;
    /** The batch read last as JSON text, and how much of it is pushed. */
    let text = '';
    let offset = 0;
    const nextItems = async (): Promise<readonly T[] | undefined> => {
      for (;;) {
        const result = await batches.next();
        if (result.done) return undefined;
        if (result.value.length > 0) return result.value;
      }
    };
    const nextChunk = (): string => {
      let end = Math.min(offset + STREAM_CHUNK_CHARS, text.length);
      // Never between the halves of a surrogate pair: each chunk is encoded to UTF-8 on its own.
      if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
      const chunk = text.slice(offset, end);
      offset = end;
      return chunk;
    };
    return new Readable({
      read() {
        if (offset < text.length) {
          this.push(nextChunk());
          return;
        }
        nextItems().then(
          (items) => {
            if (items === undefined) {
              text = '';
              this.push(opened ? ']' : '[]');
              this.push(null);
              return;
            }
            text = (opened ? ',' : '[') + items.map((item) => JSON.stringify(item)).join(',');
            offset = 0;
            opened = true;
            this.push(nextChunk());
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
