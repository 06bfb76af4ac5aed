import { useCallback, useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';

type TTip = { label: string; top: number; left: number };
type TTarget = { currentTarget: HTMLElement };

// Long enough to cross from the link to its tooltip without it vanishing (WCAG 1.4.13: the tooltip is hoverable).
const HIDE_DELAY_MS = 150;

/**
 * Name tooltips for the icon-only (collapsed) sidebar: shown on hover and on keyboard focus, beside the item, fixed to
 * the window so that the sidebar's scrolling does not clip them. Esc dismisses them (WCAG 1.4.13). The link's own
 * accessible name says the same, so the tooltip is hidden from assistive technology.
 */
export function useSideTooltip(enabled: boolean) {
  const [tip, setTip] = useState<TTip | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  // An expanded sidebar needs no tooltip; one left from before must not come back on the next collapse.
  if (!enabled && tip) setTip(null);

  const cancelHide = useCallback(() => window.clearTimeout(hideTimer.current), []);
  const hide = useCallback(() => {
    cancelHide();
    setTip(null);
  }, [cancelHide]);
  const hideSoon = useCallback(() => {
    cancelHide();
    hideTimer.current = window.setTimeout(() => setTip(null), HIDE_DELAY_MS);
  }, [cancelHide]);

  useEffect(() => {
    if (!tip) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('keydown', onKeyDown);
    // Scrolling moves the item away from where the tooltip was placed.
    window.addEventListener('scroll', hide, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', hide, true);
    };
  }, [tip, hide]);

  useEffect(() => cancelHide, [cancelHide]);

  const show = (label: string) => (event: TTarget) => {
    cancelHide();
    const rect = event.currentTarget.getBoundingClientRect();
    setTip({ label, top: rect.top + rect.height / 2, left: rect.right });
  };

  /** Props for an item that gets a tooltip with `label` while the sidebar shows icons only. */
  const tooltipProps = (label: string) =>
    enabled
      ? {
          onPointerEnter: (event: PointerEvent<HTMLElement>) => show(label)(event),
          onPointerLeave: hideSoon,
          onFocus: (event: FocusEvent<HTMLElement>) => show(label)(event),
          onBlur: hide,
        }
      : {};

  const tooltip =
    enabled && tip ? (
      <div
        aria-hidden="true"
        data-sidebar-tooltip
        onPointerEnter={cancelHide}
        onPointerLeave={hide}
        style={{ top: tip.top, left: tip.left }}
        // The transparent padding on the left bridges the gap to the item, so the pointer can move onto the tooltip.
        className="fixed z-50 -translate-y-1/2 pl-2"
      >
        <span className="block rounded-md bg-foreground px-2.5 py-1.5 text-sm font-medium whitespace-nowrap text-background shadow-md">
          {tip.label}
        </span>
      </div>
    ) : null;

  return { tooltipProps, tooltip };
}
