/**
 * What a render could not honour, for the `X-Render-Warnings` response header: each warning once,
 * in the order first met, at most MAX_WARNINGS of them (then one `and N more`), each printable
 * ASCII of at most MAX_WARNING_LENGTH characters, so the header stays valid and small whatever the
 * template holds.
 */
export const MAX_WARNINGS = 20;
export const MAX_WARNING_LENGTH = 200;
/** Warnings are joined with this in the header (they may hold commas themselves). */
export const WARNING_SEPARATOR = '; ';

/** Text from a template as a header may carry it: printable ASCII without `;`, at most `max` characters. */
export function headerSafe(text: string, max = 60): string {
  const safe = text.replace(/[^\x20-\x7e]|;/g, '?');
  return safe.length > max ? `${safe.slice(0, max - 3)}...` : safe;
}

/** Warnings keyed by what they are about; details (such as element names) gather under one key. */
export class RenderWarnings {
  // Details in a Set: a document may name thousands of distinct elements under one key.
  private readonly entries = new Map<
    string,
    { render: (details: string[]) => string; details: Set<string> }
  >();

  /** A warning without details: the same key is reported once. */
  add(key: string, message: string): void {
    if (!this.entries.has(key)) this.entries.set(key, { render: () => message, details: new Set() });
  }

  /** A warning about `key` naming each distinct detail once (`padding (on p, td)`). */
  addDetail(key: string, render: (details: string[]) => string, detail: string): void {
    const entry = this.entries.get(key) ?? { render, details: new Set<string>() };
    entry.details.add(detail);
    this.entries.set(key, entry);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The warnings as the header lists them, capped. */
  list(): string[] {
    const all = [...this.entries.values()].map(({ render, details }) =>
      headerSafe(render([...details]), MAX_WARNING_LENGTH),
    );
    if (all.length <= MAX_WARNINGS) return all;
    return [...all.slice(0, MAX_WARNINGS), `and ${all.length - MAX_WARNINGS} more`];
  }
}

/** Code points named in one warning, at most: the header stays short whatever the data holds. */
const MAX_NAMED_CHARACTERS = 12;

/** The warning of characters no embedded font holds: each drawn as a missing-glyph box. */
export function missingGlyphsWarning(codePoints: readonly number[]): string {
  const named = codePoints
    .slice(0, MAX_NAMED_CHARACTERS)
    .map((codePoint) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`);
  const more = codePoints.length - named.length;
  return headerSafe(
    `no embedded font has a glyph for ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''} (drawn as a box)`,
    MAX_WARNING_LENGTH,
  );
}

/**
 * A warning put first in a list RenderWarnings already capped: the cap still holds, the count
 * of the `and N more` grows by what no longer fits.
 */
export function withWarningFirst(warning: string, list: readonly string[]): string[] {
  const more = /^and (\d+) more$/.exec(list[list.length - 1] ?? '');
  const entries = [warning, ...(more ? list.slice(0, -1) : list)];
  const hidden = more ? Number(more[1]) : 0;
  if (entries.length <= MAX_WARNINGS && hidden === 0) return entries;
  return [...entries.slice(0, MAX_WARNINGS), `and ${hidden + entries.length - MAX_WARNINGS} more`];
}
