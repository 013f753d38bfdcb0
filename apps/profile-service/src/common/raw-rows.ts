import type { DataSource, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

type Row = Readonly<Record<string, unknown>>;

/**
 * Reads the columns of `alias` from raw rows of a TypeORM query (`<alias>_<column>`, as
 * `getRawMany` and the statement of `getQueryAndParameters` name them) as the entity: each
 * selected column's value set on a new instance, without TypeORM's hydration of joined rows. The
 * column list is read once, here.
 */
export function rawReader<E extends ObjectLiteral>(
  dataSource: DataSource,
  entity: EntityTarget<E>,
  alias: string,
): (row: Row) => E {
  const repository = dataSource.getRepository(entity);
  const columns = repository.metadata.columns
    .filter((column) => column.isSelect)
    .map((column) => [column, `${alias}_${column.databaseName}`] as const);
  return (row) => {
    const read = repository.create();
    for (const [column, name] of columns) column.setEntityValue(read, row[name]);
    return read;
  };
}

/** As `rawReader`, for a left-joined entity: null when the row has none (its id is null). */
export function nullableRawReader<E extends ObjectLiteral>(
  dataSource: DataSource,
  entity: EntityTarget<E>,
  alias: string,
): (row: Row) => E | null {
  const read = rawReader(dataSource, entity, alias);
  const id = `${alias}_id`;
  return (row) => (row[id] === null || row[id] === undefined ? null : read(row));
}

/**
 * A reader of a query's raw rows as its main entity, with the many-to-one relations it joins and
 * selects whole (`leftJoinAndSelect`) set on it (null where the row has none): what `getMany`
 * would build, without TypeORM's hydration.
 */
export function rawQueryReader<E extends ObjectLiteral>(query: SelectQueryBuilder<E>): (row: Row) => E {
  const { mainAlias, joinAttributes, selects } = query.expressionMap;
  if (!mainAlias) throw new Error('The query has no main alias');
  const readMain = rawReader<E>(query.connection, mainAlias.target, mainAlias.name);
  const joins = joinAttributes.flatMap((join) => {
    const relation = join.relation;
    const joinedWhole =
      relation?.isManyToOne === true &&
      join.parentAlias === mainAlias.name &&
      selects.some((select) => select.selection === join.alias.name);
    return relation && joinedWhole
      ? [
          [
            relation,
            nullableRawReader(query.connection, relation.inverseEntityMetadata.target, join.alias.name),
          ] as const,
        ]
      : [];
  });
  return (row) => {
    const entity = readMain(row);
    for (const [relation, read] of joins) relation.setEntityValue(entity, read(row));
    return entity;
  };
}
