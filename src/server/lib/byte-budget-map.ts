// Per-user values kept in memory under a budget of bytes, least recently used out first: what
// the list's compressed answers (contact-list-cache.ts) and its decoded contacts
// (contact-list-store.ts) both need. A Map iterates in insertion order, so moving a key to the
// end on each use keeps the least recently used first.
type Entry<V> = { value: V; bytes: number };

export class ByteBudgetMap<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The bytes counted, all keys together. */
  get size(): number {
    return this.bytes;
  }

  /** The value under `key`, not marked used. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Marks `key` most recently used. */
  touch(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  /**
   * Keeps `value` under `key`, counted as `bytes` and most recently used, in place of what was
   * there; then drops the least recently used values beyond the budget (this one last).
   */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    this.evict();
  }

  /** Counts `key`'s value as `bytes` from now on, then keeps to the budget. */
  resize(key: string, bytes: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.evict();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(key);
    }
  }
}
