import { useEffect } from 'react';
import { useLocation } from 'react-router';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Scrolls smoothly to the card `id` when the URL's #hash names it or one of its `aliases`, once `ready` (the content
 * above it has loaded), and moves focus there for keyboard and screen-reader users. Unlike lib/use-scroll-to-hash,
 * which jumps, this glides (spec 001 §2.5), unless the person asked their system for less motion; and it maps the
 * other spellings of the anchor to the one card.
 */
export function useScrollToCard(id: string, aliases: readonly string[], ready: boolean): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    const named = hash.slice(1);
    if (!ready || (named !== id && !aliases.includes(named))) return;
    const card = document.getElementById(id);
    if (!card) return;
    card.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    if (!card.hasAttribute('tabindex')) card.setAttribute('tabindex', '-1');
    card.focus({ preventScroll: true });
    // `key` changes when the same link is followed again after scrolling away.
  }, [hash, key, ready, id, aliases]);
}
