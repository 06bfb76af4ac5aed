import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following every change (a resized window, a rotated phone). Read during
 * render, so the first paint already shows the right layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
