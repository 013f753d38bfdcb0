import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** At most this many stored names are compared with an unknown one (nearestName's bound too). */
const MAX_NEAR_NAMES = 200;
/** A name further than this many characters from another in length is not a typo of it. */
const MAX_LENGTH_DIFFERENCE = 3;

/**
 * Stored names a caller may have meant by `name`, which names none: up to 200 of those about as
 * long, those starting with the same letter first, for nearestName (`@portal/http-context`) to
 * pick from. One indexed-column read, run only on the way to a 404; inside a transaction pass
 * its manager, so the read takes no second connection.
 */
export async function storedNamesNear<T extends ObjectLiteral>(
  queryable: DataSource | EntityManager,
  entity: EntityTarget<T>,
  property: keyof T & string,
  name: string,
): Promise<string[]> {
  const metadata = ('connection' in queryable ? queryable.connection : queryable).getMetadata(entity);
  const column = metadata.findColumnWithPropertyName(property);
  if (!column) throw new Error(`${metadata.name} has no column for ${property}`);
  const quoted = `"${column.databaseName.replace(/"/g, '""')}"`;
  const table = metadata.tablePath
    .split('.')
    .map((part: string) => `"${part.replace(/"/g, '""')}"`)
    .join('.');
  const length = [...name].length;
  const rows = await queryable.query<Array<{ name: string }>>(
    `SELECT ${quoted} AS name FROM ${table}
     WHERE char_length(${quoted}) BETWEEN $1 AND $2
     ORDER BY lower(left(${quoted}, 1)) = lower(left($3, 1)) DESC, ${quoted}
     LIMIT ${MAX_NEAR_NAMES}`,
    [length - MAX_LENGTH_DIFFERENCE, length + MAX_LENGTH_DIFFERENCE, name],
  );
  return rows.map((row) => row.name);
}
