import type { TWebhookEndpoint } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';

import { useDeleteWebhook } from '../api/delete-webhook';

type TDeleteWebhookDialogProps = { endpoint: TWebhookEndpoint; onClose: () => void; returnFocus: () => void };

/** Asks before deleting, naming the URL: it gets no more messages, its log goes too, and it cannot come back. */
export function DeleteWebhookDialog({ endpoint, onClose, returnFocus }: TDeleteWebhookDialogProps) {
  const { t } = useTranslation('webhooks');
  const deleteWebhook = useDeleteWebhook();
  const { url } = endpoint;

  return (
    <ActionConfirmDialog
      title={t('deleteDialog.title')}
      description={<p className="text-sm break-words text-muted-foreground">{t('deleteDialog.description', { url })}</p>}
      cancelLabel={t('deleteDialog.cancel')}
      confirmLabel={t('deleteDialog.confirm')}
      pendingLabel={t('deleteDialog.deleting')}
      action={{ run: () => deleteWebhook.mutateAsync(endpoint.id), pending: deleteWebhook.isPending }}
      done={{ title: t('toasts.deletedTitle'), description: t('toasts.deletedDescription', { url }) }}
      failedTitle={t('toasts.deleteFailedTitle')}
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}
