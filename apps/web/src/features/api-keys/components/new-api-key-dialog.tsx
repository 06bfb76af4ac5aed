import type { TCreateApiKeyResponse } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

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
        <div className="flex min-w-0 flex-col gap-2">
          <span className="text-sm font-medium">{t('secret.label', { name })}</span>
          <code
            translate="no"
            data-testid="api-key-secret"
            className="block rounded-md border bg-muted p-3 font-mono text-sm break-all select-all"
          >
            {created.secret}
          </code>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CopyButton
            text={created.secret}
            label={t('secret.copy')}
            texts={{
              copied: t('secret.copied'),
              copiedDescription: t('secret.copiedDescription'),
              failed: t('secret.copyFailed'),
              failedDescription: t('secret.copyFailedDescription'),
            }}
          />
          <Button type="button" onClick={onClose}>
            {t('secret.done')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
