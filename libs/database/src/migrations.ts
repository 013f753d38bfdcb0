import type { LoggerService } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { withoutRequestTimeouts } from './data-source-options';

/**
 * Runs pending migrations under a PostgreSQL advisory lock, so replicas that start together
 * during a rollout apply them once: the first takes the lock, the others wait and find nothing.
 * They run on connections of their own without the requests' timeouts: an index over a large
 * table, or the wait for another replica's migrations, takes longer than any request may.
 */
export async function runPendingMigrations(
  dataSource: DataSource,
  lockName: string,
  logger?: LoggerService,
): Promise<void> {
  const migrator = new DataSource(withoutRequestTimeouts(dataSource.options));
  await migrator.initialize();
  try {
    const runner = migrator.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockName]);
      const applied = await migrator.runMigrations({ transaction: 'each' });
      // One line at start-up; the names at debug level (a fresh database applies every migration).
      for (const migration of applied) logger?.debug?.(`Applied migration ${migration.name}`, 'Migrations');
      if (applied.length > 0)
        logger?.log(
          `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (the last: ${applied.at(-1)!.name})`,
          'Migrations',
        );
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]).catch(() => undefined);
      await runner.release();
    }
  } finally {
    await migrator.destroy();
  }
}
