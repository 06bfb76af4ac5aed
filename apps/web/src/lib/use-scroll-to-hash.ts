import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element named by the URL's #hash once the page has rendered. The router's own scroll restoration
 * runs before a lazy page (and its texts) has loaded, when the anchor does not exist yet; this runs after.
 * Focus moves to the target as well, so that keyboard and screen-reader users continue from there, unless the person
 * is typing in a field meanwhile (the header's navigation box, which led here): their next words stay where they type.
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
    if (isTypingField(document.activeElement)) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    // `key` changes when the same link is followed again after scrolling away.
  }, [hash, key, ready]);
}

const TYPING_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password']);

function isTypingField(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element instanceof HTMLInputElement) return TYPING_INPUTS.has(element.type);
  return element instanceof HTMLTextAreaElement || element.isContentEditable;
}
