import type { TWebhookEndpoint, TWebhookSecretResponse } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { WEBHOOK_PERIODS } from '../utils/webhook-periods';

type TRotateSecretDialogProps = {
  endpoint: TWebhookEndpoint;
  onClose: () => void;
  /** The new secret, for the one time it is shown. */
  onRotated: (rotated: TWebhookSecretResponse) => void;
};

/** Asks before rotating, saying that the current secret keeps signing for 24 hours beside the new one. */
export function RotateSecretDialog({ endpoint, onClose, onRotated }: TRotateSecretDialogProps) {
  const { t } = useTranslation(['webhooks', 'errors']);
  const rotate = useRotateWebhookSecret();
  const { url } = endpoint;

  const confirm = async () => {
    try {
      const rotated = await rotate.mutateAsync(endpoint.id);
      // The secret goes to the dialog alone: the mutation forgets its answer.
      rotate.reset();
      toast({ title: t('toasts.rotatedTitle') });
      onClose();
      onRotated(rotated);
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.rotateFailedTitle'), description, variant: 'destructive' });
      onClose();
    }
  };

  const description =
    endpoint.signing === 'ed25519'
      ? t('rotateDialog.publicKeyDescription', { ...WEBHOOK_PERIODS, url })
      : t('rotateDialog.description', { ...WEBHOOK_PERIODS, url });
  return (
    <ConfirmDialog
      title={t('rotateDialog.title')}
      description={<p className="text-sm break-words text-muted-foreground">{description}</p>}
      cancelLabel={t('rotateDialog.cancel')}
      confirmLabel={t('rotateDialog.confirm')}
      pendingLabel={t('rotateDialog.rotating')}
      pending={rotate.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
