import type { InputFormat } from '../engine/common/formats';

/** A template version as a render needs it. */
export interface ResolvedTemplate {
  /** The version row's id: names this exact content for the workers' compiled-template caches. */
  readonly versionId: number;
  readonly name: string;
  readonly version: number;
  readonly inputFormat: InputFormat | null;
  readonly data: string;
}

interface Entry {
  readonly template: ResolvedTemplate;
  readonly expires: number;
}

export interface ResolvedTemplateCacheOptions {
  readonly maxEntries: number;
  /** Template text kept, in characters. */
  readonly maxCharacters: number;
  /** A bound on staleness should an invalidation message be lost. */
  readonly ttlMs: number;
}

const DEFAULTS: ResolvedTemplateCacheOptions = {
  maxEntries: 1000,
  maxCharacters: 64 * 1024 * 1024,
  ttlMs: 60_000,
};

/**
 * Saved templates by name (newest version) and by name@version, so that a render by name needs
 * no query. A save or delete anywhere invalidates the name here (TemplateInvalidation); a read
 * that started before an invalidation does not refill the cache with what it read.
 */
export class ResolvedTemplateCache {
  private readonly entries = new Map<string, Entry>();
  private characters = 0;
  private clock = 0;
  private readonly invalidatedAt = new Map<string, number>();
  private everythingInvalidatedAt = 0;
  private readonly options: ResolvedTemplateCacheOptions;

  constructor(
    options: Partial<ResolvedTemplateCacheOptions> = {},
    private readonly now = Date.now,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Take before reading the database; hand back to `set`. */
  ticket(): number {
    return ++this.clock;
  }

  get(name: string, version: number | undefined): ResolvedTemplate | undefined {
    const key = keyOf(name, version);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) {
      this.characters -= entry.template.data.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.template;
  }

  set(version: number | undefined, template: ResolvedTemplate, ticket: number): void {
    const stale =
      ticket <= this.everythingInvalidatedAt || ticket <= (this.invalidatedAt.get(template.name) ?? 0);
    if (stale || template.data.length > this.options.maxCharacters) return;
    const key = keyOf(template.name, version);
    this.remove(key);
    this.entries.set(key, { template, expires: this.now() + this.options.ttlMs });
    this.characters += template.data.length;
    while (this.entries.size > this.options.maxEntries || this.characters > this.options.maxCharacters) {
      this.remove(this.entries.keys().next().value as string);
    }
  }

  invalidate(name: string | null): void {
    const at = ++this.clock;
    if (name === null) {
      this.everythingInvalidatedAt = at;
      this.invalidatedAt.clear();
      this.entries.clear();
      this.characters = 0;
      return;
    }
    this.invalidatedAt.set(name, at);
    for (const key of [...this.entries.keys()]) if (nameOf(key) === name) this.remove(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.characters -= entry.template.data.length;
  }
}

// Names cannot contain '@' (TEMPLATE_NAME), so the key splits unambiguously.
const keyOf = (name: string, version: number | undefined): string => `${name}@${version ?? 'latest'}`;
const nameOf = (key: string): string => key.slice(0, key.lastIndexOf('@'));
