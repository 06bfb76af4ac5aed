import { useEffect, useId, useRef, type ReactNode } from 'react';

import { LanguagePicker } from './language-picker';
import { useOpenUntilNavigation } from './use-open-until-navigation';
import { CloseIcon, MenuIcon } from './user-area-icons';

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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  // Closing the dialog on unmount queues a 'close' event that arrives after the drawer is gone, possibly after it was
  // opened again: only a drawer still shown may report its closing.
  const shown = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    shown.current = true;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    // The page behind must not scroll under the drawer.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      shown.current = false;
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
      onClose={() => {
        if (shown.current) onClose();
      }}
      // A click on the dimmed backdrop lands on the <dialog> itself; the panel's content fills it otherwise.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
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
            <CloseIcon />
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
  const drawerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useOpenUntilNavigation();

  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) toggleRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => setOpen(true)}
        className="grid size-10 shrink-0 place-items-center rounded-md border border-input outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <MenuIcon />
      </button>
      {open ? drawer(drawerId, () => setOpen(false)) : null}
    </>
  );
}
