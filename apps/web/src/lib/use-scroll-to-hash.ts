import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element named by the URL's #hash once the page has rendered. The router's own scroll restoration
 * runs before a lazy page (and its texts) has loaded, when the anchor does not exist yet; this runs after.
 * Focus moves to the target as well, so that keyboard and screen-reader users continue from there.
 *
 * @param ready false while content above the anchor is still loading and would push it down.
 */
export function useScrollToHash(ready = true): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    // getElementById, not querySelector: ids such as "2fa" are valid but not CSS selectors.
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    // `key` changes when the same link is followed again after scrolling away.
  }, [hash, key, ready]);
}
