import { useCallback, useSyncExternalStore } from 'react';

// Hooks on this page reading the same key hear a change at once; other tabs hear it through `storage` events.
const listeners = new Set<() => void>();
// Choices made while storage refuses writes, kept for the life of the page.
const pageOnly = new Map<string, boolean>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

function read(key: string): boolean | null {
  try {
    const stored = window.localStorage.getItem(key);
    // Any value but 'false' is on: the banners once stored the moment of the choice rather than 'true'.
    if (stored !== null) return stored !== 'false';
  } catch {
    // Storage unavailable: fall back to this page's choice.
  }
  return pageOnly.get(key) ?? null;
}

/**
 * A yes/no choice kept in localStorage under `key`: a sidebar collapsed, the cookies accepted, the banner dismissed.
 * `fallback` applies until the person chooses. When storage is unavailable the choice holds on this page only.
 */
export function usePersistedFlag(key: string, fallback = false): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => read(key) ?? fallback,
    () => fallback,
  );
  const set = useCallback(
    (next: boolean) => {
      pageOnly.set(key, next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // Remembered for this page only (private modes, storage disabled).
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [value, set];
}
