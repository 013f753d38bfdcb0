import { createHash } from 'node:crypto';

import type { Pool, QueryConfig } from 'pg';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/**
 * What an EntityLookup reads: each column of the entity under its property name, as the driver
 * returns it, in a plain object. Not an entity instance: no prototype, no methods, nothing TypeORM
 * would do while hydrating one; read-only, since nothing saves it.
 */
export type EntityRow<T extends ObjectLiteral> = Readonly<{
  [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K];
}>;

/**
 * A read of one row by one column for hot paths: its SQL is built once from the entity's
 * metadata and runs on the pool directly, without building a query and hydrating an entity per
 * request. It is a named statement, so PostgreSQL parses and plans it once per connection, not
 * once per read. It reads every column, `select: false` ones included, as an EntityRow; entities
 * with relations or column transformers, whose row would differ from their properties, are refused.
 */
export class EntityLookup<T extends ObjectLiteral> {
  private readonly sql: string;
  /** Named by its text: two lookups of the same SQL share the statement, others never collide. */
  private readonly statementName: string;

  constructor(
    private readonly dataSource: DataSource,
    entity: EntityTarget<T>,
    property: keyof T & string,
  ) {
    const metadata = dataSource.getMetadata(entity);
    if (metadata.relations.length > 0 || metadata.columns.some((column) => column.transformer))
      throw new Error(`${metadata.name} has relations or transformed columns: its row is not its properties`);
    const key = metadata.findColumnWithPropertyName(property);
    if (!key) throw new Error(`${metadata.name} has no column for ${property}`);
    const columns = metadata.columns.map(
      (column) => `${quote(column.databaseName)} AS ${quote(column.propertyName)}`,
    );
    this.sql = `SELECT ${columns.join(', ')} FROM ${quote(metadata.tablePath)} WHERE ${quote(key.databaseName)} = $1 LIMIT 1`;
    this.statementName = `entity_lookup_${createHash('sha256').update(this.sql).digest('hex').slice(0, 16)}`;
  }

  async find(value: unknown): Promise<EntityRow<T> | undefined> {
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const query: QueryConfig = { name: this.statementName, text: this.sql, values: [value] };
    const { rows } = await pool.query<EntityRow<T>>(query);
    return rows[0];
  }
}
