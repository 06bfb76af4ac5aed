import type { TWebhookEndpoint } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useDeleteWebhook } from '../api/delete-webhook';

type TDeleteWebhookDialogProps = { endpoint: TWebhookEndpoint; onClose: () => void; returnFocus: () => void };

/** Asks before deleting, naming the URL: it gets no more messages, its log goes too, and it cannot come back. */
export function DeleteWebhookDialog({ endpoint, onClose, returnFocus }: TDeleteWebhookDialogProps) {
  const { t } = useTranslation(['webhooks', 'errors']);
  const deleteWebhook = useDeleteWebhook();
  const { url } = endpoint;

  const confirm = async () => {
    try {
      await deleteWebhook.mutateAsync(endpoint.id);
      toast({ title: t('toasts.deletedTitle'), description: t('toasts.deletedDescription', { url }) });
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.deleteFailedTitle'), description, variant: 'destructive' });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('deleteDialog.title')}
      description={<p className="text-sm break-words text-muted-foreground">{t('deleteDialog.description', { url })}</p>}
      cancelLabel={t('deleteDialog.cancel')}
      confirmLabel={t('deleteDialog.confirm')}
      pendingLabel={t('deleteDialog.deleting')}
      pending={deleteWebhook.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      returnFocus={returnFocus}
    />
  );
}
