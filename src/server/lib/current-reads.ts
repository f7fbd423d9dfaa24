// Answers read from the embedded database, kept until the next statement that may change data
// (decision 191). With PGlite in its own thread this process is the database's only client and
// every statement passes the bridge in order, so an answer read while the bridge's write count
// stayed the same is still what a new read would return. On PostgreSQL (other processes may
// write) nothing is kept: every read goes to the database, as before.
export class CurrentReads<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();

  constructor(
    private readonly writeCount: (() => number) | undefined,
    private readonly maxEntries = 10_000,
  ) {}

  /** The kept answer for `key` if no write was sent since it was read, else `load()`'s. */
  async read(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.writeCount) return load();
    const at = this.writeCount();
    const entry = this.entries.get(key);
    if (entry?.at === at) return entry.value;
    const value = await load();
    // Kept only if nothing that may change data was sent meanwhile (load's own writes included).
    if (this.writeCount() === at) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { at, value });
    }
    return value;
  }
}
