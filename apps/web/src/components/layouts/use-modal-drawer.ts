import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';

/**
 * A drawer on a native modal <dialog> (the public site's menu, the areas' sidebars on phones): the page behind is inert,
 * so Tab stays inside, the page does not scroll under it, and Esc or a click on the backdrop asks `onClose`. It is
 * shown modal as it mounts and closed as it unmounts; focus starts on its close button.
 */
export function useModalDrawer(onClose: () => void) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Closing the dialog on unmount queues a 'close' event that arrives after the drawer is gone, possibly after it was
  // opened again: only a drawer still shown may report its closing.
  const shown = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    shown.current = true;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      shown.current = false;
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, []);

  const dialogProps = {
    ref: dialogRef,
    // Esc: the opener decides (it unmounts the dialog), rather than the browser closing it behind React's back.
    onCancel: (event: SyntheticEvent) => {
      event.preventDefault();
      onClose();
    },
    // Chromium may close a modal dialog on Esc without a cancel event (close watchers); follow it then. A 'close' that
    // finds the dialog open again is stale: queued by an earlier close() before React showed the same dialog again
    // (its effects run anew when a suspended tree is shown again).
    onClose: (event: SyntheticEvent<HTMLDialogElement>) => {
      if (shown.current && !event.currentTarget.open) onClose();
    },
    // A click on the dimmed backdrop lands on the <dialog> itself; the panel's content fills it otherwise.
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) onClose();
    },
  };
  return { dialogProps, closeRef };
}
