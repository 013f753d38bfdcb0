import { ValidationProblemError } from '@portal/problem-details';

import type { AccessLevelTable } from './access-level-table';
import type { EntitySchemas } from './entity-schema';

export interface Projection {
  readonly level: number;
  /** Dotted paths to keep (contract 3, `Select`); empty keeps everything the level allows. */
  readonly select: readonly string[];
}

type Json = Record<string, unknown>;

/** A tree of selected paths: `person.firstname` -> { person: { firstname: {} } }. */
interface SelectionTree {
  [property: string]: SelectionTree;
}

/**
 * Removes from a response what the caller's level does not allow (default deny, nested objects by
 * their own entity key) and, within that, what `Select` does not name. `id` is always kept.
 */
export class Projector {
  constructor(
    private readonly table: AccessLevelTable,
    private readonly schemas: EntitySchemas,
  ) {}

  /** Checks `Select` paths against the entity's shape; an unknown path is a 400. */
  assertSelectable(entityKey: string, select: readonly string[], parameter = 'Select'): void {
    const unknown = select.filter((path) => !this.isKnownPath(entityKey, path.split('.')));
    if (unknown.length > 0) {
      throw new ValidationProblemError({
        [parameter]: unknown.map((path) => `'${path}' is not a property of ${entityKey}.`),
      });
    }
  }

  project<T>(value: T, entityKey: string, projection: Projection): T {
    const tree = this.selectionTree(projection.select);
    return this.projectValue(value, entityKey, projection.level, tree) as T;
  }

  private projectValue(
    value: unknown,
    entityKey: string,
    level: number,
    selection: SelectionTree | undefined,
  ): unknown {
    if (Array.isArray(value))
      return value.map((item) => this.projectValue(item, entityKey, level, selection));
    if (value === null || typeof value !== 'object' || value instanceof Date) return value;

    const relations = this.schemas[entityKey]?.relations ?? {};
    const selected = selection && Object.keys(selection).length > 0 ? selection : undefined;
    const result: Json = {};
    for (const [property, propertyValue] of Object.entries(value as Json)) {
      if (!this.table.allows(level, entityKey, property)) continue;
      if (selected && property !== 'id' && !(property in selected)) continue;
      const nestedKey = relations[property];
      result[property] =
        nestedKey === undefined
          ? propertyValue
          : this.projectValue(propertyValue, nestedKey, level, selected?.[property]);
    }
    return result;
  }

  private isKnownPath(entityKey: string, [head, ...rest]: string[]): boolean {
    const shape = this.schemas[entityKey];
    if (!shape) return false;
    const nestedKey = shape.relations?.[head];
    if (rest.length === 0) return head === 'id' || shape.properties.includes(head) || nestedKey !== undefined;
    return nestedKey !== undefined && this.isKnownPath(nestedKey, rest);
  }

  private selectionTree(select: readonly string[]): SelectionTree {
    const tree: SelectionTree = {};
    for (const path of select) {
      let node = tree;
      for (const segment of path.split('.')) node = node[segment] ??= {};
    }
    return tree;
  }
}
