import type { ReactNode } from 'react';

import { MenuIcon } from '@/components/ui/icons';

import { DrawerPanel } from '../drawer-panel';
import { LanguagePicker } from '../language-picker';
import { useDrawerToggle } from '../use-drawer-toggle';

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
  return (
    <DrawerPanel id={id} title={title} closeLabel={closeLabel} logo={logo} side="left" widthClassName={widthClassName} onClose={onClose}>
      <nav aria-label={title} className="flex-1 overflow-y-auto px-3 py-4">
        {children}
      </nav>
      {/* Below 768 px the header has no room for the language picker, so it lives here. */}
      <div className="shrink-0 border-t p-4">
        <LanguagePicker />
      </div>
    </DrawerPanel>
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
