import { useCallback, useSyncExternalStore } from 'react';

// Other hooks on this page reading the same key hear a change at once; other tabs hear it through `storage` events.
const listeners = new Set<() => void>();
// Choices made while storage refuses writes, kept for the life of the page.
const pageOnly = new Set<string>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * A yes/no choice kept in localStorage under `key` (the banner dismissed, the cookies accepted): false until set.
 * When storage is unavailable the choice still holds on this page, it is just not remembered.
 */
export function usePersistedFlag(key: string): [boolean, () => void] {
  const stored = useSyncExternalStore(
    subscribe,
    () => read(key) || pageOnly.has(key),
    () => false,
  );
  const set = useCallback(() => {
    pageOnly.add(key);
    try {
      window.localStorage.setItem(key, new Date().toISOString());
    } catch {
      // Remembered for this page only (private modes, storage disabled).
    }
    for (const listener of listeners) listener();
  }, [key]);
  return [stored, set];
}
