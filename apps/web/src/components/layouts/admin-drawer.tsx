import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { CloseIcon } from './admin-icons';
import { AdminLogo } from './admin-logo';
import { AdminSidebarLinks } from './admin-sidebar-links';
import { LanguagePicker } from './language-picker';

/**
 * The sidebar as a slide-over below 768 px (spec 001 §2.10). A native modal <dialog>: the page behind is inert, so Tab
 * stays inside, and Esc closes it, as do a navigation and a click on the backdrop. It exists only while open; the
 * header puts focus back on its menu button afterwards.
 */
export function AdminDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    // The page behind must not scroll under the slide-over.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-labelledby={titleId}
      // Esc: the header decides (it unmounts the dialog), rather than the browser closing it behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Chromium may close a modal dialog on Esc without a cancel event (close watchers); follow it then.
      onClose={onClose}
      // A click on the dimmed backdrop lands on the <dialog> itself; the panel's content fills it otherwise.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 mr-auto h-dvh max-h-none w-64 max-w-[85vw] bg-background p-0 text-foreground shadow-xl transition-transform duration-200 backdrop:bg-black/50 starting:-translate-x-full motion-reduce:transition-none"
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b px-4">
          <AdminLogo onClick={onClose} />
          <h2 id={titleId} className="sr-only">
            {t('layout.navLabel')}
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label={t('layout.closeNavigation')}
            className="grid size-10 shrink-0 place-items-center rounded-md outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('layout.navLabel')} className="flex-1 overflow-y-auto px-3 py-4">
          <AdminSidebarLinks onNavigate={onClose} />
        </nav>
        {/* Below 768 px the header has no room for the language picker, so it lives here. */}
        <div className="shrink-0 border-t p-4">
          <LanguagePicker />
        </div>
      </div>
    </dialog>
  );
}
