import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Demo data loaded at start-up so that a newcomer's `npm start` has something to explore
 * (`SEED_DEMO_DATA`): `auto` loads it only into empty tables, `always` adds what is missing and
 * never changes what is there (running it twice inserts nothing), `never` does nothing.
 */
export const DEMO_DATA_MODES = ['auto', 'always', 'never'] as const;
export type DemoDataMode = (typeof DEMO_DATA_MODES)[number];

/** Unset, the mode is `auto`, but `never` in production: demo rows reach production only when asked. */
export const defaultDemoDataMode = (nodeEnv: string): DemoDataMode =>
  nodeEnv === 'production' ? 'never' : 'auto';

export type DemoDataOutcome = 'seeded' | 'not-empty' | 'no-schema' | 'off';

export interface DemoDataResult {
  readonly outcome: DemoDataOutcome;
  /** Rows inserted, by table, in the order they were first inserted into; empty when none were. */
  readonly inserted: Readonly<Record<string, number>>;
}

export interface DemoDataSet {
  /** What the log line calls it: `demo catalogue`. */
  readonly label: string;
  /** The variable that sets its mode, named in the log line; `SEED_DEMO_DATA` unless given. */
  readonly setting?: string;
  /** The advisory lock's name: replicas that start together seed one after the other. */
  readonly lockName: string;
  /** Tables whose rows make the data "not empty" for `auto`; all are created by the migrations. */
  readonly tables: readonly string[];
  /** Inserts the data through the writer, in the seeding transaction. */
  load(writer: DemoDataWriter): Promise<void>;
}

type Row = Record<string, unknown>;

/** What demo rows record as their author. */
export const DEMO_DATA_AUTHOR = 'demo-data';

/** Inserts demo rows in the seeding transaction and counts those it inserted, by table. */
export class DemoDataWriter {
  private readonly counts = new Map<string, number>();
  private readonly now = new Date();

  constructor(readonly manager: EntityManager) {}

  /**
   * Adds the row unless a row with the same unique values exists (`ON CONFLICT DO NOTHING`), with
   * the AUDIT fields of the demo author when the entity has them. Returns the inserted row's
   * primary key columns (by column name), or undefined when the row was already there.
   */
  async insert<T extends ObjectLiteral>(entity: EntityTarget<T>, row: Row): Promise<Row | undefined> {
    const metadata = this.manager.connection.getMetadata(entity);
    const audited = metadata.findColumnWithPropertyName('createdBy') !== undefined;
    const values = audited
      ? {
          ...row,
          createdBy: DEMO_DATA_AUTHOR,
          createStamp: this.now,
          updatedBy: DEMO_DATA_AUTHOR,
          updateStamp: this.now,
        }
      : row;
    const result = await this.manager
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values(values as unknown as T)
      .orIgnore()
      .returning(metadata.primaryColumns.map((column) => column.propertyPath))
      .updateEntity(false)
      .execute();
    const rows = result.raw as Row[];
    this.count(metadata.tableName, rows.length);
    return rows[0];
  }

  /** Counts rows a data set inserted by other means (plain SQL, a shared function). */
  count(table: string, rows: number): void {
    if (rows > 0) this.counts.set(table, (this.counts.get(table) ?? 0) + rows);
  }

  get inserted(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }
}

/**
 * Loads a demo data set in one transaction under an advisory lock. Without its tables (migrations
 * not run on an empty database) there is nothing to load into, and nothing is loaded.
 */
export async function seedDemoData(
  dataSource: DataSource,
  data: DemoDataSet,
  mode: DemoDataMode,
): Promise<DemoDataResult> {
  if (mode === 'never') return { outcome: 'off', inserted: {} };
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [data.lockName]);
    const [{ present }] = await manager.query<{ present: boolean }[]>(
      'SELECT bool_and(to_regclass(quote_ident(t)) IS NOT NULL) AS present FROM unnest($1::text[]) AS t',
      [data.tables],
    );
    if (!present) return { outcome: 'no-schema', inserted: {} };
    if (mode === 'auto' && !(await areEmpty(manager, data.tables)))
      return { outcome: 'not-empty', inserted: {} };
    const writer = new DemoDataWriter(manager);
    await data.load(writer);
    return { outcome: 'seeded', inserted: writer.inserted };
  });
}

async function areEmpty(manager: EntityManager, tables: readonly string[]): Promise<boolean> {
  const checks = tables.map((table) => `NOT EXISTS (SELECT 1 FROM "${table.replace(/"/g, '""')}")`);
  const [{ empty }] = await manager.query<{ empty: boolean }[]>(`SELECT ${checks.join(' AND ')} AS empty`);
  return empty;
}

const whyNothing = (setting: string): Readonly<Record<DemoDataOutcome, string>> => ({
  seeded: 'everything was already there',
  'not-empty': `the tables already hold data; ${setting}=always adds what is missing`,
  'no-schema': 'the tables do not exist: run the migrations first',
  off: `${setting}=never`,
});

/** The one log line of a seeding: what was inserted, or that nothing was and why. */
export function describeDemoDataResult(
  label: string,
  result: DemoDataResult,
  setting = 'SEED_DEMO_DATA',
): string {
  const rows = Object.entries(result.inserted);
  if (rows.length === 0) return `${label}: nothing inserted (${whyNothing(setting)[result.outcome]})`;
  const total = rows.reduce((sum, [, count]) => sum + count, 0);
  return `${label}: inserted ${total} ${total === 1 ? 'row' : 'rows'} (${rows.map(([table, count]) => `${table} ${count}`).join(', ')})`;
}
