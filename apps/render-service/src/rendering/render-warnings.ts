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
