import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router';

import { SearchChanges } from './search-changes';

export type TChangeSearch = (change: (latest: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void;

/**
 * A page's state kept in the address (filters, tab, sort, page): the search shown, and a way to change it where
 * each change starts from the last one asked for, even before the page has rendered it (see SearchChanges).
 */
export function useSearchState(): [URLSearchParams, TChangeSearch] {
  const location = useLocation();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const navigate = useNavigate();
  const shown = useRef(location);
  const [changes] = useState(() => new SearchChanges(location));
  useLayoutEffect(() => {
    shown.current = location;
  }, [location]);

  const change = useCallback<TChangeSearch>(
    (apply, options) => {
      const next = changes.ask(apply(new URLSearchParams(changes.latest(shown.current))));
      void navigate(`?${next}`, options);
    },
    [changes, navigate],
  );
  return [params, change];
}
