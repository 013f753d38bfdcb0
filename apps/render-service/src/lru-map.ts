/**
 * A map that holds at most `capacity` entries and forgets the least recently used first: what
 * this service keeps of what callers name (compiled templates, brandings, logos) stays bounded
 * whatever they name. Maps iterate in insertion order, so a use moves its entry to the end.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The entry, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Sets the entry as the most recently used, forgetting the least recently used beyond capacity. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
