import { useEffect, useState } from 'react';

/** How long typing must pause before a list is searched (spec 001 §9: search as you type, without a request a key). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The text of a list's search box, and its search sent once typing pauses: `apply` gets the typed text when it differs
 * from `current` (the search the list shows now, kept in the address). Returns the box's value and its setter.
 */
export function useTypedSearch(current: string, apply: (search: string) => void): [string, (typed: string) => void] {
  const [typed, setTyped] = useState(current);
  useEffect(() => {
    if (typed === current) return;
    const timer = setTimeout(() => apply(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a new search
  }, [typed]);
  return [typed, setTyped];
}
