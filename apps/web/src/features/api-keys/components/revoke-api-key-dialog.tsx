import type { TApiKey } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';

import { useRevokeApiKey } from '../api/revoke-api-key';

type TRevokeApiKeyDialogProps = { apiKey: TApiKey; onClose: () => void; returnFocus: () => void };

/** Asks before revoking, naming the key: requests made with it are refused from that moment, and it cannot come back. */
export function RevokeApiKeyDialog({ apiKey, onClose, returnFocus }: TRevokeApiKeyDialogProps) {
  const { t } = useTranslation('api-keys');
  const revokeApiKey = useRevokeApiKey();
  const { name } = apiKey;

  return (
    <ActionConfirmDialog
      title={t('revokeDialog.title', { name })}
      description={t('revokeDialog.description', { prefix: `${apiKey.prefix}…` })}
      cancelLabel={t('revokeDialog.cancel')}
      confirmLabel={t('revokeDialog.confirm')}
      pendingLabel={t('revokeDialog.revoking')}
      action={{ run: () => revokeApiKey.mutateAsync(apiKey.id), pending: revokeApiKey.isPending }}
      done={{ title: t('toasts.revokedTitle'), description: t('toasts.revokedDescription', { name }) }}
      failedTitle={t('toasts.revokeFailedTitle')}
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}
