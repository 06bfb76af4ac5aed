import { useEffect, useId, useRef } from 'react';

import { Button } from '@/components/ui/button';

type TConfirmOptions = {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Called when the toast goes without a confirmation (Cancel, its × or another toast replacing it). */
  onCancel?: () => void;
};

/**
 * The spec's deletion confirmation (spec 001 §8): a 'Confirm Deletion' toast with a 'Yes, Delete' button. It stays until
 * answered, and takes the keyboard focus so that the answer is one key away. lib/toast.ts has no action toasts yet;
 * this follows its rules (sonner loaded on demand, one toast at a time) and could move there when another page needs it.
 */
export function confirmDeletion(options: TConfirmOptions): void {
  void import('sonner').then(({ toast }) => {
    toast.dismiss();
    let answered = false;
    const id = toast(options.title, {
      id: CONFIRMATION_ID,
      duration: Number.POSITIVE_INFINITY,
      onDismiss: () => {
        if (!answered) options.onCancel?.();
      },
      description: (
        <ConfirmBody
          description={options.description}
          confirmLabel={options.confirmLabel}
          cancelLabel={options.cancelLabel}
          onConfirm={() => {
            answered = true;
            toast.dismiss(id);
            options.onConfirm();
          }}
          onCancel={() => toast.dismiss(id)}
        />
      ),
    });
  });
}

const CONFIRMATION_ID = 'admin-user-deletion';

/** Takes a confirmation still on screen away, when the page that asked it is left: its answer would go nowhere. */
export function dismissDeletionConfirmation(): void {
  void import('sonner').then(({ toast }) => toast.dismiss(CONFIRMATION_ID));
}

type TConfirmBodyProps = { description: string; confirmLabel: string; cancelLabel: string; onConfirm: () => void; onCancel: () => void };

function ConfirmBody({ description, confirmLabel, cancelLabel, onConfirm, onCancel }: TConfirmBodyProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const descriptionId = useId();
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3">
      <p id={descriptionId}>{description}</p>
      <div className="flex flex-wrap gap-2">
        <Button ref={confirmRef} type="button" size="sm" variant="destructive" aria-describedby={descriptionId} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
