import type { TCreateApiKeyResponse } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ShownOnceSecret } from '@/components/ui/shown-once-secret';

type TNewApiKeyDialogProps = { created: TCreateApiKeyResponse; onClose: () => void };

/**
 * The new key's secret, the one time it is shown: selectable, with a Copy button and the warning that it will not be
 * shown again. A click outside does not close it (the secret would be lost by accident); Esc and the buttons do.
 */
export function NewApiKeyDialog({ created, onClose }: TNewApiKeyDialogProps) {
  const { t } = useTranslation('api-keys');
  const name = created.key.name;

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t('secret.close')} onPointerDownOutside={(event) => event.preventDefault()} className="max-w-xl">
        <DialogTitle>{t('secret.title')}</DialogTitle>
        <DialogDescription className="text-base text-foreground">{t('secret.description', { name })}</DialogDescription>
        <ShownOnceSecret
          label={t('secret.label', { name })}
          secret={created.secret}
          testId="api-key-secret"
          texts={t('secret', { returnObjects: true })}
          onClose={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
