import { useId, type ReactNode } from 'react';

import { MenuIcon, XIcon } from '@/components/ui/icons';

import { LanguagePicker } from '../language-picker';
import { useDrawerToggle } from '../use-drawer-toggle';
import { useModalDrawer } from '../use-modal-drawer';

type TSideDrawerProps = {
  id: string;
  /** The navigation's name, for the dialog and its <nav>. */
  title: string;
  closeLabel: string;
  logo: ReactNode;
  /** The panel's width classes. */
  widthClassName: string;
  onClose: () => void;
  /** The navigation links. */
  children: ReactNode;
};

/**
 * An area's sidebar as a slide-in drawer on phones (the user area, spec 001 §2.2, and the back office, §2.10). A native
 * modal <dialog>: the page behind is inert, so Tab stays inside, and Esc closes it, as do a navigation and a click on
 * the backdrop. It exists only while open; the header puts focus back on its menu button afterwards.
 */
export function SideDrawer({ id, title, closeLabel, logo, widthClassName, onClose, children }: TSideDrawerProps) {
  const { dialogProps, closeRef } = useModalDrawer(onClose);
  const titleId = useId();

  return (
    <dialog
      {...dialogProps}
      id={id}
      aria-labelledby={titleId}
      className={`m-0 mr-auto h-dvh max-h-none ${widthClassName} max-w-[85vw] bg-background p-0 text-foreground shadow-xl transition-transform duration-200 backdrop:bg-black/50 starting:-translate-x-full motion-reduce:transition-none`}
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b px-4">
          {logo}
          <h2 id={titleId} className="sr-only">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="grid size-10 shrink-0 place-items-center rounded-md outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          >
            <XIcon />
          </button>
        </div>
        <nav aria-label={title} className="flex-1 overflow-y-auto px-3 py-4">
          {children}
        </nav>
        {/* Below 768 px the header has no room for the language picker, so it lives here. */}
        <div className="shrink-0 border-t p-4">
          <LanguagePicker />
        </div>
      </div>
    </dialog>
  );
}

/** The header's menu button and the drawer it opens; any navigation closes it, and focus goes back to the button. */
export function DrawerToggle({ label, drawer }: { label: string; drawer: (id: string, close: () => void) => ReactNode }) {
  const { drawerId, open, close, toggleProps } = useDrawerToggle();
  return (
    <>
      <button
        {...toggleProps}
        aria-label={label}
        className="grid size-10 shrink-0 place-items-center rounded-md border border-input outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <MenuIcon />
      </button>
      {open ? drawer(drawerId, close) : null}
    </>
  );
}
