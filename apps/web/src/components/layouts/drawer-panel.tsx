import { useId, type ReactNode } from 'react';

import { XIcon } from '@/components/ui/icons';

import { useModalDrawer } from './use-modal-drawer';

type TDrawerPanelProps = {
  id: string;
  /** The drawer's name for screen readers. */
  title: string;
  closeLabel: string;
  logo: ReactNode;
  /** The edge it slides in from, and its width classes. */
  side: 'left' | 'right';
  widthClassName: string;
  onClose: () => void;
  children: ReactNode;
};

const SIDE_CLASSES = { left: 'mr-auto starting:-translate-x-full', right: 'ml-auto starting:translate-x-full' };

/**
 * A drawer that slides in on phones (the public site's menu, the areas' sidebars): a native modal <dialog> whose page
 * behind is inert, so Tab stays inside, and which Esc closes. Its top row holds the logo and the close button, which
 * takes focus; it exists only while open.
 */
export function DrawerPanel({ id, title, closeLabel, logo, side, widthClassName, onClose, children }: TDrawerPanelProps) {
  const { dialogProps, closeRef } = useModalDrawer(onClose);
  const titleId = useId();

  return (
    <dialog
      {...dialogProps}
      id={id}
      aria-labelledby={titleId}
      className={`m-0 h-dvh max-h-none ${SIDE_CLASSES[side]} ${widthClassName} max-w-[85vw] bg-background p-0 text-foreground shadow-xl transition-transform duration-200 backdrop:bg-black/50 motion-reduce:transition-none`}
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
        {children}
      </div>
    </dialog>
  );
}
