/** How long computed figures are served before they are computed again, at the least. */
export const FIGURES_MAX_AGE_MS = 30_000;
/**
 * And at the least this many times as long as they took to compute: figures that take a second to count (a month of a
 * very busy installation) are counted again after 100 s, not 30, so that counting them never takes more than a
 * hundredth of the database's time, however large the month.
 */
export const AGE_PER_COMPUTE_MS = 100;

type Entry<T> = { value: T; at: number; computeMs: number; refreshing: Promise<T> | null };

/**
 * Figures kept in this process, per key: the first request computes them (readers who arrive together share it); later
 * ones are answered at once from memory, and one past the age also starts a computation in the background (one at a
 * time), so that no reader waits on a count over a month of faxes once the page is warm. Each key's figures are
 * therefore at most one age and one computation old. A failed computation keeps the figures it would have replaced.
 */
export function keptFigures<T>(maxKeys: number) {
  const entries = new Map<string, Entry<T>>();
  const firsts = new Map<string, Promise<T>>();

  function compute(key: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    return work().then((value) => {
      entries.delete(key);
      const at = performance.now();
      entries.set(key, { value, at, computeMs: at - started, refreshing: null });
      // The oldest key goes first once there are too many (an account's figures, read now and then).
      while (entries.size > maxKeys) entries.delete(entries.keys().next().value!);
      return value;
    });
  }

  return async function read(key: string, work: () => Promise<T>): Promise<T> {
    const entry = entries.get(key);
    if (!entry) {
      // Readers who arrive together share the first computation.
      let first = firsts.get(key);
      if (!first) {
        first = compute(key, work).finally(() => firsts.delete(key));
        firsts.set(key, first);
      }
      return first;
    }
    const maxAge = Math.max(FIGURES_MAX_AGE_MS, entry.computeMs * AGE_PER_COMPUTE_MS);
    if (performance.now() - entry.at > maxAge && !entry.refreshing) {
      entry.refreshing = compute(key, work).catch(() => {
        entry.refreshing = null;
        return entry.value;
      });
    }
    return entry.value;
  };
}
