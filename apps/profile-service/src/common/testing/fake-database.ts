import { type DataSource, type EntityManager, FindOperator } from 'typeorm';

import type { upsertLink } from '../upsert';

/**
 * A profile as the profile lock reads it (profiles/profile-lock.ts `ProfileKind`), written out
 * here: common/ imports no feature, so the fakes every folder's specs use stay below them all.
 */
interface ProfileKind {
  readonly id: number;
  readonly personId: number | null;
  readonly organizationId: number | null;
  readonly accountId: number | null;
}

/**
 * A hand-written stand-in for the EntityManager and DataSource of profile-service's services, for
 * their unit specs (no PostgreSQL). It keeps rows per entity class in memory for the manager's
 * entity methods (findOneBy, existsBy, insert, save, update, delete, ...), answers raw statements
 * only from the canned rows a test gives (`answer`), records the calls that read or write, and
 * fails loudly on a statement nobody answered. A transaction that throws rolls its rows back, as
 * PostgreSQL would.
 *
 * What it does not do is run SQL: set-based statements, locks and query-builder filters stay with
 * the e2e suites (apps/profile-service/test). Query builders answer what `selects` gave.
 *
 * Built with the app (only `*.spec.ts` files are left out of the build), so no jest global in here.
 */

/** An entity class, as the manager's methods take it. */
export type EntityClass<E extends object = object> = new () => E;

type Row = Record<string, unknown>;

/** One call of the fake: what a spec checks a service did, or did not do. */
export interface FakeCall {
  readonly method: string;
  readonly entity?: string;
  readonly args: readonly unknown[];
}

interface CannedStatement {
  readonly matches: RegExp;
  readonly rows: (values: readonly unknown[]) => unknown[];
}

/** The kind of a person profile, as `findProfileOrFail` reads it. */
export const personProfile = (id: number, personId = id + 100, accountId = id + 200): ProfileKind => ({
  id,
  personId,
  organizationId: null,
  accountId,
});

/** The kind of an organization profile, as `findProfileOrFail` reads it. */
export const organizationProfile = (id: number, organizationId = id + 300): ProfileKind => ({
  id,
  personId: null,
  organizationId,
  accountId: null,
});

/** The single-profile lookups by id (`findProfileOrFail`, the procuration and invite locks). */
const PROFILE_BY_ID = /\bFROM profile(?: p\b)?[\s\S]*\bWHERE (?:p\.)?id = \$1\b/;

/** Methods of a query builder that run it. */
const BUILDER_RESULTS: Readonly<Record<string, (result: unknown) => unknown>> = {
  getOne: (result) => result ?? null,
  getMany: (result) => result ?? [],
  getCount: (result) => result ?? 0,
  getManyAndCount: (result) => result ?? [[], 0],
  execute: (result) => result ?? { affected: 0, raw: [] },
};

export class FakeDatabase {
  readonly calls: FakeCall[] = [];
  readonly manager: EntityManager;
  readonly dataSource: DataSource;
  private tables = new Map<EntityClass, Row[]>();
  private readonly statements: CannedStatement[] = [];
  private readonly built = new Map<EntityClass | 'manager', unknown>();
  private readonly failures = new Map<string, Error>();
  private readonly foreignKeys: {
    tableName: string;
    foreignKeys: { name: string; columnNames: string[] }[];
  }[] = [];
  private lastId = 1000;

  constructor() {
    this.manager = this.fakeManager() as unknown as EntityManager;
    this.dataSource = {
      manager: this.manager,
      transaction: <T>(work: (manager: EntityManager) => Promise<T>) => this.transaction(work),
      getRepository: (entity: EntityClass) => this.repository(entity),
      query: (sql: string, values: readonly unknown[] = []) => this.query(sql, values),
      entityMetadatas: this.foreignKeys,
      driver: { escape: (name: string) => `"${name}"` },
    } as unknown as DataSource;
  }

  /** Rows the entity's table holds before the test runs (an id is given to a row without one). */
  given<E extends object>(entity: EntityClass<E>, ...rows: Partial<E>[]): this {
    for (const row of rows) this.table(entity).push(Object.assign(new entity(), { id: this.nextId() }, row));
    return this;
  }

  /** The entity's rows now (copies). */
  rows<E extends object>(entity: EntityClass<E>): E[] {
    return this.table(entity).map((row) => copy(row) as E);
  }

  /** Canned rows of the raw statements whose text matches; the latest answer given wins. */
  answer(matches: RegExp, rows: unknown[] | ((values: readonly unknown[]) => unknown[])): this {
    this.statements.push({ matches, rows: typeof rows === 'function' ? rows : () => rows });
    return this;
  }

  /** The profiles that exist, for every lookup of one profile by its id (any other id is missing). */
  profiles(...kinds: ProfileKind[]): this {
    return this.answer(PROFILE_BY_ID, (values) => kinds.filter((kind) => kind.id === values[0]));
  }

  /** What a query builder over `entity` (or `manager.createQueryBuilder()`) answers when run. */
  selects(entity: EntityClass | 'manager', result: unknown): this {
    this.built.set(entity, result);
    return this;
  }

  /** Every call of the manager's (or a repository's) `method` on `entity` throws `error`, as PostgreSQL may. */
  fails(method: string, entity: EntityClass, error: Error): this {
    this.failures.set(`${method} ${entity.name}`, error);
    return this;
  }

  /** A foreign key of `tableName` named `name` over `column`, as a restricted delete reports it. */
  foreignKey(tableName: string, name: string, column: string): this {
    this.foreignKeys.push({ tableName, foreignKeys: [{ name, columnNames: [column] }] });
    return this;
  }

  /** The raw statements run, in order. */
  statementsRun(): string[] {
    return this.calls.filter((call) => call.method === 'query').map((call) => String(call.args[0]));
  }

  /** The calls of one manager method, on one entity when given. */
  callsOf(method: string, entity?: EntityClass): FakeCall[] {
    return this.calls.filter(
      (call) => call.method === method && (entity === undefined || call.entity === entity.name),
    );
  }

  /**
   * `upsertLink` (common/upsert) on these rows: updates the row with the same keys, or inserts
   * one; tells which. A spec that mocks the upsert module gives this as its implementation.
   */
  readonly upsertLink = ((_manager, entity, keys, values, requester) => {
    const target = entity as EntityClass;
    this.record('upsertLink', target, [keys, values, requester]);
    const [existing] = this.matching(target, keys);
    const record = existing ?? Object.assign(new target(), keys, { id: this.nextId(), createdBy: requester });
    Object.assign(record, values, { updatedBy: requester });
    if (!existing) this.table(target).push(record);
    return Promise.resolve({ record: copy(record), created: !existing });
  }) as typeof upsertLink;

  private async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    this.record('transaction');
    const before = new Map([...this.tables].map(([entity, rows]) => [entity, rows.map(copy)]));
    try {
      return await work(this.manager);
    } catch (error) {
      this.tables = before;
      throw error;
    }
  }

  private query(sql: string, values: readonly unknown[] = []): Promise<unknown[]> {
    this.record('query', undefined, [sql, values]);
    const statement = [...this.statements].reverse().find((canned) => canned.matches.test(sql));
    if (!statement) return Promise.reject(new Error(`FakeDatabase: no answer for the statement ${sql}`));
    return Promise.resolve(statement.rows(values));
  }

  private fakeManager() {
    const find = (entity: EntityClass, options: { where?: Row } = {}): Row[] =>
      this.matching(entity, options.where ?? {}).map(copy);
    return {
      query: (sql: string, values?: readonly unknown[]) => this.query(sql, values),
      create: (entity: EntityClass, fields: Row = {}) => Object.assign(new entity(), fields),
      insert: (entity: EntityClass, rows: Row | Row[]) => {
        this.record('insert', entity, [rows]);
        for (const row of Array.isArray(rows) ? rows : [rows]) {
          row['id'] ??= this.nextId();
          this.table(entity).push(copy(row));
        }
        return Promise.resolve({ identifiers: [], generatedMaps: [], raw: [] });
      },
      save: (row: Row) => {
        const entity = row.constructor as EntityClass;
        this.record('save', entity, [copy(row)]);
        this.write(entity, row);
        return Promise.resolve(row);
      },
      update: (entity: EntityClass, id: number, fields: Row) => {
        this.record('update', entity, [id, fields]);
        const rows = this.matching(entity, { id });
        for (const row of rows) Object.assign(row, fields);
        return Promise.resolve({ affected: rows.length, raw: [], generatedMaps: [] });
      },
      delete: (entity: EntityClass, where: Row | number) => Promise.resolve(this.delete(entity, where)),
      existsBy: (entity: EntityClass, where: Row) => {
        this.record('existsBy', entity, [where]);
        return Promise.resolve(this.matching(entity, where).length > 0);
      },
      findOne: (entity: EntityClass, options: { where: Row; lock?: unknown }) => {
        this.record('findOne', entity, [options]);
        return Promise.resolve(find(entity, options)[0] ?? null);
      },
      findOneBy: (entity: EntityClass, where: Row) => {
        this.record('findOneBy', entity, [where]);
        return Promise.resolve(find(entity, { where })[0] ?? null);
      },
      findOneByOrFail: (entity: EntityClass, where: Row) => {
        this.record('findOneByOrFail', entity, [where]);
        const [row] = find(entity, { where });
        return row ? Promise.resolve(row) : Promise.reject(new Error(`FakeDatabase: no ${entity.name} row`));
      },
      find: (entity: EntityClass, options: { where?: Row } = {}) => {
        this.record('find', entity, [options]);
        return Promise.resolve(find(entity, options).sort((a, b) => Number(a['id']) - Number(b['id'])));
      },
      findBy: (entity: EntityClass, where: Row) => {
        this.record('findBy', entity, [where]);
        return Promise.resolve(find(entity, { where }));
      },
      getRepository: (entity: EntityClass) => this.repository(entity),
      createQueryBuilder: () => this.builder('manager'),
    };
  }

  /** The repository methods CrudService and the services' reads use, on the same rows. */
  private repository(entity: EntityClass) {
    const manager = this.manager as unknown as ReturnType<FakeDatabase['fakeManager']>;
    return {
      create: (fields: Row = {}) => Object.assign(new entity(), fields),
      findOneBy: (where: Row) => manager.findOneBy(entity, where),
      findOne: (options: { where: Row; lock?: unknown }) => manager.findOne(entity, options),
      save: (row: Row) => {
        this.record('save', entity, [copy(row)]);
        this.write(entity, row);
        return Promise.resolve(row);
      },
      delete: (where: Row | number) => Promise.resolve(this.delete(entity, where)),
      createQueryBuilder: () => this.builder(entity),
    };
  }

  /** A query builder that records each call, and answers what `selects` gave when run. */
  private builder(entity: EntityClass | 'manager'): unknown {
    const name = entity === 'manager' ? 'manager' : entity.name;
    const proxy: unknown = new Proxy(
      {},
      {
        get: (_target, property) => {
          if (typeof property !== 'string' || property === 'then') return undefined;
          const run = BUILDER_RESULTS[property];
          return (...args: unknown[]) => {
            this.calls.push({ method: `builder.${property}`, entity: name, args });
            return run ? Promise.resolve(run(this.built.get(entity))) : proxy;
          };
        },
      },
    );
    return proxy;
  }

  private delete(entity: EntityClass, where: Row | number): { affected: number; raw: unknown[] } {
    this.record('delete', entity, [where]);
    const gone = new Set(this.matching(entity, typeof where === 'number' ? { id: where } : where));
    this.tables.set(
      entity,
      this.table(entity).filter((row) => !gone.has(row)),
    );
    return { affected: gone.size, raw: [] };
  }

  /** `save`: the row with the same id takes the values, or the row is added with a new id. */
  private write(entity: EntityClass, row: Row): void {
    const [stored] = row['id'] === undefined ? [] : this.matching(entity, { id: row['id'] });
    row['id'] ??= this.nextId();
    if (stored) Object.assign(stored, row);
    else this.table(entity).push(copy(row));
  }

  private matching(entity: EntityClass, where: Readonly<Row>): Row[] {
    return this.table(entity).filter((row) =>
      Object.entries(where).every(([property, wanted]) => matches(row[property], wanted)),
    );
  }

  private table(entity: EntityClass): Row[] {
    let rows = this.tables.get(entity);
    if (!rows) this.tables.set(entity, (rows = []));
    return rows;
  }

  private nextId(): number {
    return (this.lastId += 1);
  }

  private record(method: string, entity?: EntityClass, args: readonly unknown[] = []): void {
    this.calls.push({ method, entity: entity?.name, args });
    const failure = entity && this.failures.get(`${method} ${entity.name}`);
    if (failure) throw failure;
  }
}

/** A copy of a row that keeps its class (so that `save` finds its table). */
const copy = (row: Row): Row =>
  Object.assign(Object.create(Object.getPrototypeOf(row) as object) as Row, row);

/** A where condition's value against a row's: equality, `IsNull()` and `Any([...])`; undefined is no condition, as in TypeORM. */
function matches(actual: unknown, wanted: unknown): boolean {
  if (wanted === undefined) return true;
  if (wanted instanceof FindOperator) {
    if (wanted.type === 'isNull') return actual === null || actual === undefined;
    if (wanted.type === 'any' || wanted.type === 'in') return (wanted.value as unknown[]).includes(actual);
    throw new Error(`FakeDatabase: the find operator ${wanted.type} is not faked`);
  }
  if (actual instanceof Date && wanted instanceof Date) return actual.getTime() === wanted.getTime();
  return actual === wanted || (wanted === null && actual === undefined);
}
