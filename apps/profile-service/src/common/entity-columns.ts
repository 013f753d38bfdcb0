import { getMetadataArgsStorage } from 'typeorm';

/** A column of an entity: the property the service reads and the column the database holds. */
export interface EntityColumn {
  readonly property: string;
  readonly column: string;
  /** False for columns read only when asked for (`select: false`: hashes, image bytes). */
  readonly selectedByDefault: boolean;
}

/** Each entity's columns, read once: a list's filters name a column per condition, per request. */
const columnsByEntity = new WeakMap<abstract new () => object, readonly EntityColumn[]>();

/**
 * The columns an entity class declares, its base classes' (AUDIT) included, from the decorators
 * themselves: hand-written SQL names its columns from here rather than from a second list.
 */
export function columnsOf(entity: abstract new () => object): readonly EntityColumn[] {
  let columns = columnsByEntity.get(entity);
  if (!columns) {
    columns = declaredColumns(entity);
    columnsByEntity.set(entity, columns);
  }
  return columns;
}

// Decorators register a class's columns while the class is defined, its base classes' before it,
// so a class at hand has them all: what is read here does not change afterwards.
function declaredColumns(entity: abstract new () => object): EntityColumn[] {
  const chain: object[] = [];
  for (
    let target: object = entity;
    target !== Function.prototype;
    target = Object.getPrototypeOf(target) as object
  ) {
    chain.push(target);
  }
  return getMetadataArgsStorage()
    .filterColumns(chain as (() => void)[])
    .map((column) => ({
      property: column.propertyName,
      column: column.options.name ?? column.propertyName,
      selectedByDefault: column.options.select !== false,
    }));
}

/** The column of one property, for SQL that names a single column. */
export function columnOf(entity: abstract new () => object, property: string): string {
  const found = columnsOf(entity).find((column) => column.property === property);
  if (!found) throw new Error(`${entity.name} has no column for ${property}`);
  return found.column;
}
