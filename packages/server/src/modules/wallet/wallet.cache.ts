/**
 * A small time-to-live cache of promises: concurrent callers share one upstream request, and a
 * failed request is forgotten at once so the next caller tries again.
 */
export function createTtlCache<T>(ttlMs: number, now: () => Date, maxEntries = 10_000) {
  const entries = new Map<string, { expiresAt: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const at = now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > at) return hit.value;
      // Bounded memory: many distinct addresses only ever evict the oldest entries.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const value = load();
      entries.set(key, { expiresAt: at + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}
