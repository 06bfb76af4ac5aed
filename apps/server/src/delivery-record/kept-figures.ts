import { performance } from 'node:perf_hooks';

/** How long computed figures are served before they are computed again. */
export const FIGURES_MAX_AGE_MS = 30_000;

type Entry<T> = { value: T; at: number; refreshing: Promise<T> | null };

/**
 * Figures computed at most once per FIGURES_MAX_AGE_MS per key, in this process: the first request computes them; later
 * ones are answered at once from memory, and one past the age also starts a computation in the background (one at a
 * time), so that no reader waits on a count over a month of faxes once the page is warm. Each key's figures are
 * therefore at most one age and one computation old. A failed computation keeps the figures it would have replaced.
 */
export function keptFigures<T>(maxKeys: number) {
  const entries = new Map<string, Entry<T>>();
  const firsts = new Map<string, Promise<T>>();

  function compute(key: string, work: () => Promise<T>): Promise<T> {
    return work().then((value) => {
      entries.delete(key);
      entries.set(key, { value, at: performance.now(), refreshing: null });
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
    if (performance.now() - entry.at > FIGURES_MAX_AGE_MS && !entry.refreshing) {
      entry.refreshing = compute(key, work).catch(() => {
        entry.refreshing = null;
        return entry.value;
      });
    }
    return entry.value;
  };
}
