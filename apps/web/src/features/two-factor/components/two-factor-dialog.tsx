import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** Lets the content hold the dialog open (backup codes not yet saved) and hear about each attempt to close it. */
export type TCloseGuard = {
  /** Counts the attempts to close (Esc, ×, a click outside) refused while the content held the dialog open. */
  closeAttempt: number;
  onCloseBlockedChange: (blocked: boolean) => void;
};

type TTwoFactorDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** Where focus goes on closing: the button that opened the dialog may be gone, replaced by the new status's. */
  returnFocus: () => void;
  children: (guard: TCloseGuard) => ReactNode;
};

/** The dialogs of the two-factor settings: a title, a description, and content that may refuse to be closed. */
export function TwoFactorDialog({ open, onClose, title, description, returnFocus, children }: TTwoFactorDialogProps) {
  const { t } = useTranslation('security');
  const [blocked, setBlocked] = useState(false);
  const [closeAttempt, setCloseAttempt] = useState(0);

  const changeOpen = (next: boolean) => {
    if (next) return;
    if (blocked) setCloseAttempt((count) => count + 1);
    else onClose();
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        closeLabel={t('common.close')}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children({ closeAttempt, onCloseBlockedChange: setBlocked })}
      </DialogContent>
    </Dialog>
  );
}
