import type { Type } from '@nestjs/common';

import { quoteInput } from '@portal/problem-details';

const EXPANSIONS = 'portal:expansions';

/**
 * Marks a query DTO's `Expand` parameter with the values it takes (`Person`, `Person_Account`):
 * each names the nested object at the path it spells (`person`, `person.account`), which a
 * projected response holds only when it is expanded.
 */
export const DeclaresExpansions =
  (values: readonly string[]): PropertyDecorator =>
  (target: object) => {
    Reflect.defineMetadata(EXPANSIONS, values, target);
  };

/** The expansions a query DTO declares (inherited ones included), if it has an `Expand`. */
export function declaredExpansionsOf(queryType: Type | undefined): readonly string[] {
  if (!queryType) return [];
  return (
    (Reflect.getMetadata(EXPANSIONS, queryType.prototype as object) as readonly string[] | undefined) ?? []
  );
}

/** `person.account` -> `person_account`: the lower-case expansion a path's prefix would need. */
const expansionOfSegments = (segments: readonly string[]): string => segments.join('_').toLowerCase();

/**
 * The values of the request's `Expand` (repeated or comma-separated, any case), each with the
 * parents it implies (`Person_Account` is also `Person`), in lower case.
 */
export function requestedExpansions(query: unknown): ReadonlySet<string> {
  const requested = new Set<string>();
  if (query === null || typeof query !== 'object') return requested;
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (name.toLowerCase() !== 'expand') continue;
    for (const item of [value].flat()) {
      if (typeof item !== 'string') continue;
      for (const expansion of item.split(',')) {
        const parts = expansion.trim().toLowerCase().split('_');
        parts.forEach((_part, index) => requested.add(parts.slice(0, index + 1).join('_')));
      }
    }
  }
  return requested;
}

/**
 * Contract 4: a `Select` path into a nested object the request does not expand would select
 * nothing (`Select=person.lastname` without `Expand=Person` gave `{"id":1}`). One message per such
 * path, naming the deepest expansion it needs, which brings its parents along.
 */
export function unexpandedSelections(
  select: readonly string[],
  declared: readonly string[],
  requested: ReadonlySet<string>,
): string[] {
  if (declared.length === 0 || select.length === 0) return [];
  const byLowerCase = new Map(declared.map((value) => [value.toLowerCase(), value]));
  const messages: string[] = [];
  for (const path of select) {
    const segments = path.split('.');
    for (let length = segments.length; length > 0; length -= 1) {
      const needed = byLowerCase.get(expansionOfSegments(segments.slice(0, length)));
      if (needed === undefined) continue;
      if (!requested.has(needed.toLowerCase())) {
        const object = segments.slice(0, length).join('.');
        messages.push(
          `${quoteInput(path)} needs Expand=${needed}: ${object} is returned only when expanded.`,
        );
      }
      break;
    }
  }
  return messages;
}
