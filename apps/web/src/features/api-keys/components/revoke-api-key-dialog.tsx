import type { TApiKey } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useRevokeApiKey } from '../api/revoke-api-key';

type TRevokeApiKeyDialogProps = { apiKey: TApiKey; onClose: () => void; returnFocus: () => void };

/** Asks before revoking, naming the key: requests made with it are refused from that moment, and it cannot come back. */
export function RevokeApiKeyDialog({ apiKey, onClose, returnFocus }: TRevokeApiKeyDialogProps) {
  const { t } = useTranslation(['api-keys', 'errors']);
  const revokeApiKey = useRevokeApiKey();
  const { name } = apiKey;

  const confirm = async () => {
    try {
      await revokeApiKey.mutateAsync(apiKey.id);
      toast({ title: t('toasts.revokedTitle'), description: t('toasts.revokedDescription', { name }) });
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.revokeFailedTitle'), description, variant: 'destructive' });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('revokeDialog.title', { name })}
      description={t('revokeDialog.description', { prefix: `${apiKey.prefix}…` })}
      cancelLabel={t('revokeDialog.cancel')}
      confirmLabel={t('revokeDialog.confirm')}
      pendingLabel={t('revokeDialog.revoking')}
      pending={revokeApiKey.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      returnFocus={returnFocus}
    />
  );
}
