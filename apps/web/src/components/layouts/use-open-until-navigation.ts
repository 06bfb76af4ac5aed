import { useState } from 'react';
import { useLocation } from 'react-router';

/** The history entry the browser shows now: React Router keeps its key in the entry's state ('default' for the first). */
function currentEntryKey(): string {
  const state = window.history.state as { key?: unknown } | null;
  return typeof state?.key === 'string' ? state.key : 'default';
}

/**
 * The open state of a menu or drawer that any navigation closes (spec 000 §2, spec 001 §2.2, §2.10): a link, Back and
 * Forward, or code that navigates. It remembers the history entry it was opened on, not the router's location: a
 * navigation to a page whose code is still loading changes the URL at once but the router's location only when that
 * page arrives (a transition), and a menu opened meanwhile must not close under the user's finger when it does.
 */
export function useOpenUntilNavigation(): [boolean, (open: boolean) => void] {
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);

  // Set during render: React's pattern for state that follows props.
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    setSeen(location.key);
    if (openOn !== null && openOn !== location.key) setOpenOn(null);
  }

  return [openOn !== null, (open) => setOpenOn(open ? currentEntryKey() : null)];
}
