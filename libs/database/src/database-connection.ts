import path from 'node:path';

import type { LoggerService } from '@nestjs/common';

import { type EmbeddedDatabase, ensureDatabase, startEmbeddedDatabase } from './embedded-database';

export interface DatabaseConnection {
  readonly url: string;
  /** Set when the service runs its own embedded server, which it stops on shutdown. */
  readonly embedded?: EmbeddedDatabase;
}

/**
 * `DATABASE_URL` when given; otherwise the embedded server kept in `embeddedDataDir`, with the
 * service's own database created on it.
 */
export async function connectDatabase(options: {
  databaseUrl?: string;
  embeddedDataDir: string;
  databaseName: string;
  logger?: LoggerService;
}): Promise<DatabaseConnection> {
  if (options.databaseUrl) return { url: options.databaseUrl };
  const embedded = await startEmbeddedDatabase(path.resolve(options.embeddedDataDir), options.logger);
  return { url: await ensureDatabase(embedded.adminUrl, options.databaseName), embedded };
}
