import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement, ReactNode } from 'react';

import { cn } from '@/lib/utils';

type THeaderMenuProps = {
  /** The button that opens the menu; it gets the menu's ARIA attributes. */
  trigger: ReactElement;
  /** The panel's width classes. */
  widthClassName: string;
  children: ReactNode;
};

/**
 * A header's drop-down menu (the account menus, the notifications), opening under its button's end. Arrow keys, Enter
 * and Esc work. Not modal: the page stays in the accessibility tree (no aria-hidden around focusable elements) and
 * Tab simply leaves the menu, as in the WAI-ARIA menu button pattern.
 */
export function HeaderMenu({ trigger, widthClassName, children }: THeaderMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className={cn('z-50 max-w-[calc(100vw-1rem)] rounded-md border bg-background p-1 text-foreground shadow-lg', widthClassName)}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function HeaderMenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-border" />;
}
