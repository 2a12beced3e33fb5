/**
 * A very short-lived, in-process memory of "this cookie or token belongs to this person", so a
 * burst of requests from one browser costs one database round trip, not one each.
 *
 * Rules that keep it safe:
 * - an entry lives `ttlMs` at most (2 s by default), and never past its session's expiry;
 * - any change this process makes to a person, their sessions, tokens or plan forgets their entries
 *   at once (the repositories announce it through lib/user-changes);
 * - a change made elsewhere (another process, the CLI) is seen here within `ttlMs`.
 */
export class AuthCache<T> {
  private entries = new Map<string, { value: T; userId: number | null; until: number }>();
  private byUser = new Map<number, Set<string>>();

  constructor(
    private ttlMs: number,
    private maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, userId: number | null, notAfter?: Date): void {
    if (!this.enabled) return;
    if (this.entries.size >= this.maxEntries) this.delete(this.entries.keys().next().value!);
    const until = Math.min(Date.now() + this.ttlMs, notAfter?.getTime() ?? Infinity);
    this.entries.set(key, { value, userId, until });
    if (userId !== null) {
      let keys = this.byUser.get(userId);
      if (!keys) this.byUser.set(userId, (keys = new Set()));
      keys.add(key);
    }
  }

  forgetUser(userId: number): void {
    for (const key of this.byUser.get(userId) ?? []) this.entries.delete(key);
    this.byUser.delete(userId);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    if (entry?.userId != null) this.byUser.get(entry.userId)?.delete(key);
  }
}
