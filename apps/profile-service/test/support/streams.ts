import http from 'node:http';

import type { DataSource } from 'typeorm';

/** Transactions open on the service's other connections: a stream's cursor holds one while it runs. */
export async function openTransactions(dataSource: DataSource): Promise<number> {
  const [row] = await dataSource.query<{ count: number }[]>(
    `SELECT count(*)::int AS count FROM pg_stat_activity
      WHERE datname = current_database() AND xact_start IS NOT NULL AND pid <> pg_backend_pid()`,
  );
  return row.count;
}

/**
 * Opens the stream at `url` `times` times, one after the other, and goes away after its first
 * bytes each time, as a client that leaves mid-stream does.
 */
export async function abandonStreams(url: string, token: string, times: number): Promise<void> {
  for (let attempt = 0; attempt < times; attempt += 1) {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        if (response.statusCode !== 200) {
          request.destroy();
          reject(new Error(`the stream ${url} answered ${response.statusCode}`));
          return;
        }
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
  }
}
