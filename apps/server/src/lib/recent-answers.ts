/**
 * Answers worth keeping for a while, per process: the same question asked again (the next person
 * opening the same topic, typing the same query) gets the promise already made, until it is older than
 * `ttlMs` or the version it was made under has moved on (the vocabulary was reloaded). The Map doubles
 * as an LRU list: a hit moves to the end, and the oldest entry goes when there are more than `size`.
 * A failed answer is forgotten at once, so the next ask tries again.
 */
export class RecentAnswers<T> {
  private entries = new Map<string, { at: number; version: number; value: Promise<T> }>();

  constructor(
    private size: number,
    private ttlMs: number,
  ) {}

  get(key: string, version: number, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now - hit.at < this.ttlMs) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = load();
    const entry = { at: now, version, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
