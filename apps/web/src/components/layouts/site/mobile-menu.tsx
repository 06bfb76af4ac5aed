import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { LanguagePicker } from '../language-picker';
import { useModalDrawer } from '../use-modal-drawer';
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
  const { dialogProps, closeRef } = useModalDrawer(onClose);
  const titleId = useId();

  return (
    <dialog
      {...dialogProps}
      id={id}
      aria-labelledby={titleId}
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
