/**
 * A map whose entries lapse a fixed time after they were set: for what one server may keep of the
 * database for a moment (a key just read, an offer just read sold out) to spare a query on every
 * call, where another server's change may show here only once the entry lapses. Lapsed entries
 * are dropped when read, and swept before a new one is added once there are `sweepAt` of them.
 */
export class LapsingMap<Value> {
  private readonly entries = new Map<string, { value: Value; until: number }>();

  constructor(
    private readonly lifetimeMilliseconds: number,
    private readonly clock: () => number = Date.now,
    private readonly sweepAt = 1000,
  ) {}

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.clock()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps the value for the whole lifetime from now, whether the key was there or not. */
  set(key: string, value: Value): void {
    const now = this.clock();
    if (this.entries.size >= this.sweepAt)
      for (const [each, entry] of this.entries) if (entry.until <= now) this.entries.delete(each);
    this.entries.set(key, { value, until: now + this.lifetimeMilliseconds });
  }

  /** Drops the entries whose value matches, lapsed or not. */
  forget(matches: (value: Value) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
