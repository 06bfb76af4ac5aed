import { isValidElement, type ReactNode } from 'react';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from './alert-dialog';

export type TConfirmDialogProps = {
  /** Open unless said otherwise: most pages mount the dialog only while the question is asked. */
  open?: boolean;
  title: string;
  /** A sentence, or one element (a block of paragraphs) that becomes the description itself. */
  description: ReactNode;
  /** What must be read or filled in before answering; it sits between the description and the buttons. */
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** The confirming button's text while the action runs. */
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** Escape or Cancel. Never called while the action runs, so that its outcome still has somewhere to go. */
  onCancel: () => void;
  /** Where focus goes on closing, when the default (Radix's trigger) is missing or gone with the row it was in. */
  returnFocus?: () => void;
  /** The children are fields: they and the buttons make one form, so that Enter in a field confirms. */
  form?: boolean;
};

/**
 * The one "are you sure?" of the web app (decision 033): title, description, Cancel and a destructive confirm that
 * says when it is working. Both buttons are disabled while the action runs, and the dialog stays until the caller
 * closes it, so a refusal can be shown and an answer is never lost.
 */
export function ConfirmDialog({
  open = true,
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  onCancel,
  returnFocus,
  form = false,
}: TConfirmDialogProps) {
  const buttons = (
    <div className="flex flex-wrap justify-end gap-3">
      <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
      <AlertDialogAction type={form ? 'submit' : 'button'} disabled={pending} onClick={form ? undefined : onConfirm}>
        {pending ? pendingLabel : confirmLabel}
      </AlertDialogAction>
    </div>
  );
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next || pending ? null : onCancel())}>
      <AlertDialogContent
        onCloseAutoFocus={
          returnFocus
            ? (event) => {
                event.preventDefault();
                returnFocus();
              }
            : undefined
        }
      >
        <AlertDialogTitle>{title}</AlertDialogTitle>
        {isValidElement(description) ? (
          <AlertDialogDescription asChild>{description}</AlertDialogDescription>
        ) : (
          <AlertDialogDescription>{description}</AlertDialogDescription>
        )}
        {form ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onConfirm();
            }}
            className="flex flex-col gap-4"
          >
            {children}
            {buttons}
          </form>
        ) : (
          <>
            {children}
            {buttons}
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
