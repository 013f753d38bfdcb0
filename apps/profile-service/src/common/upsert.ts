import { applyDecorators } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import type { Type } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { EntityManager, EntityTarget, FindOptionsWhere } from 'typeorm';

import { auditUpserted } from '@portal/audit';
import type { AuditedEntity } from '@portal/database';

/** What an upsert did (contract 6: 201 when created, 200 when updated). */
export interface Upserted<T> {
  readonly record: T;
  readonly created: boolean;
}

/** Sets the upsert's status on the reply and returns the record. */
export function upsertStatus<T>(reply: FastifyReply, upserted: Upserted<T>): T {
  void reply.status(upserted.created ? 201 : 200);
  return upserted.record;
}

export const ApiUpsertResponses = (type: Type): MethodDecorator =>
  applyDecorators(
    ApiCreatedResponse({ type, description: 'Created.' }),
    ApiOkResponse({ type, description: 'Already there: updated.' }),
  );

/**
 * Inserts a row, or updates the one with the same `keys` (a unique index over those columns),
 * in one statement, stamping AUDIT either way; tells which it did. Column names are the
 * caller's constants, never input.
 */
export async function upsertRow(
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
type LinkRecord = AuditedEntity & { id: number };

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
  const metadata = manager.connection.getMetadata(entity);
  const columnsOf = (properties: Readonly<Partial<E>>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(properties).map(([property, value]) => {
        const column = metadata.findColumnWithPropertyName(property);
        if (!column) throw new Error(`${metadata.name} has no column for ${property}`);
        return [column.databaseName, value];
      }),
    );
  const { id, created } = await upsertRow(
    manager,
    metadata.tableName,
    columnsOf(keys),
    columnsOf(values),
    requester,
  );
  const record = await manager.findOneByOrFail(entity, { id } as FindOptionsWhere<E>);
  return { record, created };
}
