import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

import { Button } from './button';

/**
 * A modal dialog (Radix): focus moves in and stays inside while it is open, Esc and the close button end it, and focus
 * goes back where it came from. Every dialog has a title, and a description or `aria-describedby={undefined}`.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type TDialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** The accessible name of the × button in the corner. */
  closeLabel: string;
};

export function DialogContent({ className, children, closeLabel, ...props }: TDialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg outline-hidden',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute top-3 right-3 grid size-8 place-items-center rounded-md text-muted-foreground outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('pr-8 text-xl font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

type TDialogFormButtonsProps = { cancelLabel: string; submitLabel: string; busy: boolean };

/** A form dialog's end: Cancel (closes it) and the submit button, both disabled while the form is being sent. */
export function DialogFormButtons({ cancelLabel, submitLabel, busy }: TDialogFormButtonsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={busy}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
