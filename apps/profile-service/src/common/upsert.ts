import type { EntityManager, EntityTarget, FindOptionsWhere } from 'typeorm';

import { auditUpserted } from '@portal/audit';
import type { AuditedEntity } from '@portal/database';
import type { UpsertOutcome } from '@portal/http-context';

/** What an upsert did (contract 6: 201 when created, 200 when updated); UpsertedResponse sends it. */
export type Upserted<T> = UpsertOutcome<T>;

/**
 * Inserts a row, or updates the one with the same `keys` (a unique index over those columns),
 * in one statement, stamping AUDIT either way; tells which it did. Column names come from the
 * entity's metadata (upsertLinkRow), never from input.
 */
async function upsertRow(
  manager: EntityManager,
  table: string,
  keys: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
  requester: string,
): Promise<{ id: number; created: boolean }> {
  const now = new Date();
  const row = {
    ...keys,
    ...values,
    created_by: requester,
    create_stamp: now,
    updated_by: requester,
    update_stamp: now,
  };
  const columns = Object.keys(row);
  const updated = [...Object.keys(values), 'updated_by', 'update_stamp'];
  const [result] = await manager.query<{ id: number; created: boolean }[]>(
    `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')})
       VALUES (${columns.map((_column, index) => `$${index + 1}`).join(', ')})
     ON CONFLICT (${Object.keys(keys)
       .map((column) => `"${column}"`)
       .join(', ')})
       DO UPDATE SET ${updated.map((column) => `"${column}" = EXCLUDED."${column}"`).join(', ')}
     RETURNING id, (xmax = 0) AS created`,
    Object.values(row),
  );
  auditUpserted(result.created);
  return result;
}

/** A record with an int32 id and AUDIT, as every link table has. */
export type LinkRecord = AuditedEntity & { id: number };

/**
 * The upsert of upsertLink without reading the row back: for a writer that names its table
 * rather than import its entity (the reach seam, which the entities' folders depend on). The
 * row's type is given, its columns still come from the table's metadata.
 */
export function upsertLinkRow<E extends LinkRecord>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  keys: Readonly<Partial<E>>,
  values: Readonly<Partial<E>>,
  requester: string,
): Promise<{ id: number; created: boolean }> {
  const metadata = manager.connection.getMetadata(entity);
  const columnsOf = (properties: Readonly<Partial<E>>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(properties).map(([property, value]) => {
        const column = metadata.findColumnWithPropertyName(property);
        if (!column) throw new Error(`${metadata.name} has no column for ${property}`);
        return [column.databaseName, value];
      }),
    );
  return upsertRow(manager, metadata.tableName, columnsOf(keys), columnsOf(values), requester);
}

/**
 * The link upsert of a record's part (a profile's role, identity, favorite, setting value, ...): inserts
 * the row, or updates the one with the same `keys` (a unique index over exactly those columns),
 * stamping AUDIT, and reads it back. Properties are the entity's; their columns come from its
 * metadata. The caller holds the parent and has checked what the path names, in `manager`'s
 * transaction.
 */
export async function upsertLink<E extends LinkRecord>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  keys: Readonly<Partial<E>>,
  values: Readonly<Partial<E>>,
  requester: string,
): Promise<Upserted<E>> {
  const { id, created } = await upsertLinkRow(manager, entity, keys, values, requester);
  const record = await manager.findOneByOrFail(entity, { id } as FindOptionsWhere<E>);
  return { record, created };
}
