/**
 * The values a template asks for and the data lacks. "Found no value" means the lookup came back
 * `undefined`: a property absent from the data (or a prototype property, which is never read), on
 * the way or at the end of the path. A value that is present but `null`, `""`, `0` or `false` was
 * found: the data says it is empty. Paths are as the template writes them (`recipent.name`,
 * `../total`, `@root.x`), each named once, at the place of its first miss in the author's
 * template.
 */
export interface MissingValue {
  readonly path: string;
  /** Where in the author's template (1-based). */
  readonly line: number;
  readonly column: number;
}

/** What one render found missing, in the order it first missed each path. */
export class MissingValues {
  private readonly found = new Map<string, MissingValue>();

  record(path: string, line: number, column: number): void {
    if (!this.found.has(path)) this.found.set(path, { path, line, column });
  }

  get size(): number {
    return this.found.size;
  }

  get list(): MissingValue[] {
    return [...this.found.values()];
  }
}

/** The recorder of the render running on this thread; renders are synchronous, one at a time. */
let active: MissingValues | undefined;

/** Runs a template with `missing` recording the values it finds no value for. */
export function withMissingValues<T>(missing: MissingValues | undefined, run: () => T): T {
  const previous = active;
  active = missing;
  try {
    return run();
  } finally {
    active = previous;
  }
}

/** Called by the compiled template with every looked-up value it reports; returns the value. */
export function reportIfMissing(value: unknown, path: string, line: number, column: number): unknown {
  if (value === undefined) active?.record(path, line, column);
  return value;
}
