import { quoteInput, ValidationProblemError } from '@portal/problem-details';

import type { AccessLevelTable } from './access-level-table';
import type { EntitySchemas, EntityShape } from './entity-schema';

export interface Projection {
  readonly level: number;
  /** Dotted paths to keep (contract 3, `Select`); empty keeps everything the level allows. */
  readonly select: readonly string[];
}

type Json = Record<string, unknown>;

/** The first `count` of the properties, kept as they are: what a copy on write starts from. */
function copyBefore(source: Json, properties: readonly string[], count: number): Json {
  const copy: Json = {};
  for (let index = 0; index < count; index += 1) copy[properties[index]] = source[properties[index]];
  return copy;
}

/** Selected paths as a tree: `person.firstname` -> person -> firstname -> WHOLE. */
const WHOLE = 'whole';
type SelectionTree = Map<string, SelectionTree | typeof WHOLE>;

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
        [parameter]: unknown.map((path) => `${quoteInput(path)} is not a property of ${entityKey}.`),
      });
    }
  }

  project<T>(value: T, entityKey: string, projection: Projection): T {
    const tree = this.selectionTree(projection.select);
    return this.projectValue(value, entityKey, projection.level, tree) as T;
  }

  /**
   * The value as the level and the selection allow it. Copy on write: an object or array of which
   * nothing is removed or changed is returned as it is (a page of 50 profiles at the highest level
   * allocates next to nothing), a new one holds what is kept.
   */
  private projectValue(
    value: unknown,
    entityKey: string,
    level: number,
    selection: SelectionTree | undefined,
  ): unknown {
    if (Array.isArray(value)) {
      const items: readonly unknown[] = value;
      let projected: unknown[] | undefined;
      for (let index = 0; index < items.length; index += 1) {
        const item = items[index];
        const kept = this.projectValue(item, entityKey, level, selection);
        if (projected) projected.push(kept);
        else if (kept !== item) projected = [...items.slice(0, index), kept];
      }
      return projected ?? items;
    }
    if (value === null || typeof value !== 'object' || value instanceof Date) return value;

    const source = value as Json;
    const properties = Object.keys(source);
    let result: Json | undefined;
    for (let index = 0; index < properties.length; index += 1) {
      const property = properties[index];
      const selected = selection?.get(property);
      const kept =
        this.table.allows(level, entityKey, property) &&
        (!selection || property === 'id' || selected !== undefined);
      if (!kept) {
        result ??= copyBefore(source, properties, index);
        continue;
      }
      const propertyValue = source[property];
      const nestedKey = this.relationOf(entityKey, property);
      const projected =
        nestedKey === undefined
          ? propertyValue
          : this.projectValue(
              propertyValue,
              nestedKey,
              level,
              selected instanceof Map ? selected : undefined,
            );
      if (result) result[property] = projected;
      else if (projected !== propertyValue) {
        result = copyBefore(source, properties, index);
        result[property] = projected;
      }
    }
    return result ?? source;
  }

  private isKnownPath(entityKey: string, [head, ...rest]: string[]): boolean {
    const shape = this.shapeOf(entityKey);
    if (!shape) return false;
    const nestedKey = this.relationOf(entityKey, head);
    if (rest.length === 0) return head === 'id' || shape.properties.includes(head) || nestedKey !== undefined;
    return nestedKey !== undefined && this.isKnownPath(nestedKey, rest);
  }

  // Own properties only: `constructor` or `__proto__` are no entity keys or relations.
  private shapeOf(entityKey: string): EntityShape | undefined {
    return Object.hasOwn(this.schemas, entityKey) ? this.schemas[entityKey] : undefined;
  }

  private relationOf(entityKey: string, property: string): string | undefined {
    const relations = this.shapeOf(entityKey)?.relations;
    return relations && Object.hasOwn(relations, property) ? relations[property] : undefined;
  }

  /** `undefined` when nothing is selected; a property selected whole is not narrowed by a longer path. */
  private selectionTree(select: readonly string[]): SelectionTree | undefined {
    if (select.length === 0) return undefined;
    const tree: SelectionTree = new Map();
    for (const path of select) {
      const segments = path.split('.');
      let node = tree;
      for (const [index, segment] of segments.entries()) {
        const existing = node.get(segment);
        if (existing === WHOLE) break;
        if (index === segments.length - 1) {
          node.set(segment, WHOLE);
          break;
        }
        const child: SelectionTree = existing ?? new Map<string, SelectionTree | typeof WHOLE>();
        node.set(segment, child);
        node = child;
      }
    }
    return tree;
  }
}
