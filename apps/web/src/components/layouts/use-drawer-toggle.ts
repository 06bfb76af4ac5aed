import { useEffect, useId, useRef } from 'react';

import { useOpenUntilNavigation } from './use-open-until-navigation';

/**
 * A header's menu button and the drawer it opens: any navigation closes the drawer (use-open-until-navigation), and
 * focus goes back to the button whatever closed it (Esc, a link, the close button). Spread `toggleProps` on the button.
 */
export function useDrawerToggle() {
  const drawerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useOpenUntilNavigation();

  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) toggleRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const toggleProps = {
    ref: toggleRef,
    type: 'button',
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'aria-controls': open ? drawerId : undefined,
    onClick: () => setOpen(true),
  } as const;
  return { drawerId, open, close: () => setOpen(false), toggleProps };
}
