import type { TWebhookSecretResponse } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ShownOnceSecret } from '@/components/ui/shown-once-secret';
import { useDateFormat } from '@/lib/use-date-format';

/** A secret to show once: that of a new endpoint, or the one a rotation made (and the button that asked for it). */
export type TShownSecret = TWebhookSecretResponse & { rotated: boolean; returnTo?: HTMLElement };

type TWebhookSecretDialogProps = { shown: TShownSecret; onClose: () => void };

/**
 * The signing secret (whsec_…) the one time it is shown, or an Ed25519 endpoint's public key (whpk_…), with Copy; after
 * a rotation, until when the previous one keeps signing. A click outside does not close it (the secret would be lost
 * by accident); Esc and the buttons do.
 */
export function WebhookSecretDialog({ shown, onClose }: TWebhookSecretDialogProps) {
  const { t } = useTranslation('webhooks');
  const dates = useDateFormat();
  const { endpoint, secret, rotated, returnTo } = shown;
  const url = endpoint.url;
  const publicKey = endpoint.signing === 'ed25519';
  const title = publicKey
    ? t(rotated ? 'secret.publicKeyRotatedTitle' : 'secret.publicKeyCreatedTitle')
    : t(rotated ? 'secret.rotatedTitle' : 'secret.createdTitle');
  const overlapUntil = rotated ? endpoint.previousSecretExpiresAt : null;

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        closeLabel={t('secret.close')}
        onPointerDownOutside={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => {
          // The confirmation that led here is gone: focus goes back to the button that asked for the new secret.
          if (!returnTo?.isConnected) return;
          event.preventDefault();
          returnTo.focus();
        }}
        className="max-w-xl"
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="text-base break-words text-foreground">
          {publicKey ? t('secret.publicKeyDescription', { url }) : t('secret.description', { url })}
        </DialogDescription>
        <ShownOnceSecret
          label={publicKey ? t('secret.publicKeyLabel') : t('secret.label')}
          secret={secret}
          testId="webhook-secret"
          texts={t('secret', { returnObjects: true })}
          onClose={onClose}
        >
          {overlapUntil ? <p className="text-sm">{t('secret.overlap', { date: dates.dateTime(overlapUntil) })}</p> : null}
        </ShownOnceSecret>
      </DialogContent>
    </Dialog>
  );
}
