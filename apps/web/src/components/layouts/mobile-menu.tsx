import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { LanguagePicker } from './language-picker';
import { MainMenu } from './main-menu';
import { ProductsList } from './products-list';
import { SiteLogo } from './site-logo';

type TMobileMenuProps = {
  id: string;
  onClose: () => void;
  navigationBox?: ReactNode;
};

/**
 * The slide-out menu below 1024 px (spec 000 §2), loaded on first use. A native modal <dialog>: the page behind it is
 * inert, so Tab stays inside; Esc closes it. It exists only while open: the header unmounts it on close, after which
 * the header puts focus back on the menu button.
 */
export default function MobileMenu({ id, onClose, navigationBox }: TMobileMenuProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    // The page behind must not scroll under the menu.
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
      // A click on the dimmed backdrop lands on the <dialog> itself; the panel's content fills it otherwise.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 ml-auto h-dvh max-h-none w-80 max-w-[85vw] bg-background p-0 text-foreground shadow-xl transition-transform duration-200 backdrop:bg-black/50 starting:translate-x-full motion-reduce:transition-none"
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b px-4">
          <SiteLogo onClick={onClose} />
          <h2 id={titleId} className="sr-only">
            {t('header.menuTitle')}
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label={t('header.closeMenu')}
            className="grid size-10 place-items-center rounded-md outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="flex flex-1 flex-col gap-6 overflow-y-auto p-4">
          {navigationBox}
          <MainMenu orientation="vertical" onNavigate={onClose} />
          <LanguagePicker />
          <ProductsList onNavigate={onClose} />
        </div>
      </div>
    </dialog>
  );
}
