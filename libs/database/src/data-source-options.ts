import { Client } from 'pg';
import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

import { AuditEventEntity, AuditSubscriber } from '@portal/audit';

/**
 * How long a request may wait on the database before it is answered 503 (contract 5), so that no
 * request hangs on a database that is gone or stalled.
 */
export interface DatabaseTimeouts {
  /** Waiting for a pooled connection, or for a new one to open. */
  readonly connectMs: number;
  /** One statement: the server cancels it (57014); the client gives up shortly after. */
  readonly statementMs: number;
  /** Waiting for a row or table lock (55P03). */
  readonly lockMs: number;
}

/** What the client waits beyond the server's statement timeout before it gives up on its own. */
const CLIENT_GRACE_MS = 250;

/**
 * A pg client that drops its connection when a query outlives the client-side timeout: the
 * server did not answer (a stalled network or host), so the connection is not to be trusted,
 * and the pool replaces it rather than queue the next query behind the one that hangs.
 */
class DroppingClient extends Client {
  constructor(config?: ConstructorParameters<typeof Client>[0]) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise)
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === 'Query read timeout')
            (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        });
      return result;
    }) as Client['query'];
  }
}

/** The pg pool settings for `timeouts`: server-side statement and lock timeouts, client-side backstops. */
function poolSettings(timeouts: DatabaseTimeouts | undefined): Record<string, unknown> {
  const idle = { idleTimeoutMillis: 30000 };
  if (!timeouts) return { ...idle, connectionTimeoutMillis: 5000 };
  return {
    ...idle,
    Client: DroppingClient,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    query_timeout: timeouts.statementMs + CLIENT_GRACE_MS,
    // A transaction left open by a client that gave up is rolled back by the server.
    idle_in_transaction_session_timeout: Math.max(10_000, timeouts.statementMs * 4),
    keepAlive: true,
  };
}

/**
 * The connections migrations take: the advisory lock's and the runner's. Part of the connection
 * budget of deploy/ (deploy/README.md), which tools/deploy-manifests.spec.ts reads from here.
 */
export const MIGRATION_POOL_SIZE = 2;

/** The same DataSource options without request timeouts: for migrations (a lock and a runner). */
export function withoutRequestTimeouts(options: DataSourceOptions): DataSourceOptions {
  return { ...options, extra: poolSettings(undefined), poolSize: MIGRATION_POOL_SIZE } as DataSourceOptions;
}

/** A service's pool: its size and, for requests, its timeouts. */
export interface DatabasePool {
  readonly poolSize?: number;
  /** Set for a service's requests; unset (no timeouts) for the migration and seed tools. */
  readonly timeouts?: DatabaseTimeouts;
}

export interface ServiceDataSourceSettings extends DatabasePool {
  readonly url: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly migrations: MixedList<Function | string>;
  /** Each service names its own table of applied migrations. */
  readonly migrationsTableName: string;
  readonly applicationName?: string;
}

/**
 * The one shape of every service's DataSource: PostgreSQL, migrations only, never synchronize.
 * Every service keeps audit_event (contract 1): the subscriber adds the audit row to each
 * transaction a write request commits.
 */
export function postgresDataSourceOptions(settings: ServiceDataSourceSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.url,
    entities: withAuditEvents(settings.entities),
    subscribers: [AuditSubscriber],
    migrations: settings.migrations,
    migrationsTableName: settings.migrationsTableName,
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    applicationName: settings.applicationName,
    poolSize: settings.poolSize ?? 10,
    extra: poolSettings(settings.timeouts),
  };
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Entity = Function | string | EntitySchema;

function withAuditEvents(entities: MixedList<Entity>): MixedList<Entity> {
  return Array.isArray(entities)
    ? [...entities, AuditEventEntity]
    : { ...(entities as Record<string, Entity>), AuditEventEntity };
}
