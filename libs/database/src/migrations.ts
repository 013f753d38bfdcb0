import type { LoggerService } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/**
 * Runs pending migrations under a PostgreSQL advisory lock, so replicas that start together
 * during a rollout apply them once: the first takes the lock, the others wait and find nothing.
 */
export async function runPendingMigrations(
  dataSource: DataSource,
  lockName: string,
  logger?: LoggerService,
): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockName]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    for (const migration of applied) logger?.log(`Applied migration ${migration.name}`, 'Migrations');
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]).catch(() => undefined);
    await runner.release();
  }
}
