import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { BellIcon } from '@/components/ui/icons';

/**
 * The header's notifications icon (spec 001 §2.10: no behaviour shown). It opens a small panel that says there is
 * nothing new, so the button does something a person can understand. A disclosure, not a menu: the panel holds text.
 * Esc and a click elsewhere close it.
 */
export function AdminNotifications() {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('layout.notifications')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className="grid size-10 shrink-0 place-items-center rounded-md text-muted-foreground outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-expanded:bg-accent"
      >
        <BellIcon />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-1.5 w-64 max-w-[calc(100vw-1rem)] rounded-md border bg-background p-4 text-foreground shadow-lg"
      >
        <p className="text-sm font-semibold">{t('layout.notifications')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('layout.noNotifications')}</p>
      </div>
    </div>
  );
}
