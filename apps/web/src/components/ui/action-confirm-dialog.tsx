import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { ConfirmDialog, type TConfirmDialogProps } from './confirm-dialog';

type TActionConfirmDialogProps = Omit<TConfirmDialogProps, 'pending' | 'onConfirm' | 'onCancel'> & {
  /** The request a Yes makes, and whether it is running. */
  action: { run: () => Promise<unknown>; pending: boolean };
  /** The toast once it is done. */
  done: { title: string; description: string };
  /** The toast's title when it fails; its text is the server's translated message. */
  failedTitle: string;
  /** Cancel, or the request settled either way. */
  onClose: () => void;
};

/** An "are you sure?" whose Yes makes one request, says in a toast how it went, and closes. */
export function ActionConfirmDialog({ action, done, failedTitle, onClose, ...props }: TActionConfirmDialogProps) {
  const { t } = useTranslation('errors');

  const confirm = async () => {
    try {
      await action.run();
      toast(done);
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('api.unknown');
      toast({ title: failedTitle, description, variant: 'destructive' });
    }
    onClose();
  };

  return <ConfirmDialog {...props} pending={action.pending} onConfirm={() => void confirm()} onCancel={onClose} />;
}
