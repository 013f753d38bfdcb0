import type { DataSource, QueryRunner } from 'typeorm';

import type { Batches } from './streamed-page';

type Row = Record<string, unknown>;

/** The node-postgres client under a query runner: it takes a time limit per statement. */
interface PgClient {
  query(config: { text: string; values?: unknown[]; query_timeout?: number }): Promise<{ rows: Row[] }>;
}

/** How much longer than the server the client waits before it drops the connection. */
const CLIENT_GRACE_MS = 250;

export interface CursorOptions<T, S> {
  /** The ordered statement of every item; its values are bound, never written into the text. */
  readonly statement: { readonly text: string; readonly values: readonly unknown[] };
  /** Rows per FETCH: what one batch holds in memory. */
  readonly batchSize: number;
  /**
   * The longest statement of the cursor's transaction, instead of the pool's: the first FETCH of
   * an order no index serves sorts every row the filters keep before it returns one.
   */
  readonly statementTimeoutMs?: number;
  /** Runs first, in the same snapshot as the rows (the total, so that the headers tell the truth). */
  snapshot(runner: QueryRunner): Promise<S>;
  /** A batch's rows as items, reading what else they need on the cursor's connection. */
  readBatch(rows: Row[], runner: QueryRunner): Promise<T[]>;
}

/**
 * Reads a list through a server-side cursor instead of all at once: a connection of its own in a
 * read-only REPEATABLE READ transaction (one snapshot for the total and every batch), `DECLARE`
 * then one `FETCH` per batch as the response asks for it. The first batch is read before this
 * resolves, so that a failure (a timeout, the database down) is still answered as a problem; the
 * connection is released after the last batch, on an error, or when the batches are returned.
 */
export async function openCursor<T, S>(
  dataSource: DataSource,
  options: CursorOptions<T, S>,
): Promise<{ snapshot: S; batches: Batches<T> }> {
  const runner = dataSource.createQueryRunner();
  let released = false;
  let pending: Promise<unknown> = Promise.resolve();
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    await pending.catch(() => undefined);
    try {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
    } finally {
      await runner.release();
    }
  };
  let client: PgClient | undefined;
  // The cursor's own statements, with the cursor's time limit on both sides of the connection.
  const cursorQuery = async (text: string, values: unknown[] = []): Promise<Row[]> => {
    if (!client) throw new Error('The cursor is not connected');
    const timeout = options.statementTimeoutMs;
    const result = await client.query({
      text,
      values,
      ...(timeout === undefined ? {} : { query_timeout: timeout + CLIENT_GRACE_MS }),
    });
    return result.rows;
  };
  const fetch = async (): Promise<T[]> => {
    const read = (async () => {
      const rows = await cursorQuery(`FETCH FORWARD ${options.batchSize} FROM list_cursor`);
      return rows.length === 0 ? [] : options.readBatch(rows, runner);
    })();
    pending = read;
    return read;
  };

  let first: T[];
  let snapshot: S;
  try {
    client = (await runner.connect()) as PgClient;
    await runner.startTransaction('REPEATABLE READ');
    await runner.query('SET TRANSACTION READ ONLY');
    if (options.statementTimeoutMs !== undefined) {
      // SET takes no parameters; the value is an integer of ours, never the client's.
      await runner.query(`SET LOCAL statement_timeout = ${Math.trunc(options.statementTimeoutMs)}`);
    }
    snapshot = await options.snapshot(runner);
    await cursorQuery(`DECLARE list_cursor NO SCROLL CURSOR FOR ${options.statement.text}`, [
      ...options.statement.values,
    ]);
    first = await fetch();
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }

  const done = (): IteratorResult<readonly T[], undefined> => ({ done: true, value: undefined });
  let firstPending: T[] | undefined = first;
  const batches: Batches<T> = {
    next: async () => {
      if (firstPending) {
        const batch = firstPending;
        firstPending = undefined;
        if (batch.length < options.batchSize) await release();
        return batch.length === 0 ? done() : { done: false, value: batch };
      }
      if (released) return done();
      try {
        const batch = await fetch();
        if (batch.length < options.batchSize) await release();
        return batch.length === 0 ? done() : { done: false, value: batch };
      } catch (error) {
        await release().catch(() => undefined);
        throw error;
      }
    },
    return: async () => {
      firstPending = undefined;
      await release();
      return done();
    },
  };
  return { snapshot, batches };
}
