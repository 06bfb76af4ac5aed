import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

import { useWebhooks } from '../api/get-webhooks';

import { CreateWebhookForm } from './create-webhook-form';
import { WebhookSecretDialog, type TShownSecret } from './webhook-secret-dialog';
import { WebhooksList } from './webhooks-list';

const cardClass = 'flex min-w-0 flex-col gap-6 rounded-lg border p-4 sm:p-6';

/** The form and the list once the endpoints have arrived; a loading line before, a retry if they did not come. */
export function WebhooksManager() {
  const { t } = useTranslation('webhooks');
  const webhooks = useWebhooks();
  // The secret lives here, in memory, only until the dialog closes.
  const [shown, setShown] = useState<TShownSecret | null>(null);

  if (webhooks.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        {t('list.loading')}
      </p>
    );
  }
  if (webhooks.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4">
        <p className="font-medium">{t('list.loadFailed')}</p>
        {webhooks.error instanceof ApiError ? <p className="text-sm text-muted-foreground">{webhooks.error.message}</p> : null}
        <Button type="button" variant="outline" onClick={() => void webhooks.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  const { max } = webhooks.data;
  return (
    <>
      <section className={cardClass}>
        <CreateWebhookForm
          full={webhooks.data.endpoints.length >= max}
          max={max}
          onCreated={(created) => setShown({ ...created, rotated: false })}
        />
      </section>
      <section className={cardClass}>
        <WebhooksList list={webhooks.data} onRotated={(rotated, trigger) => setShown({ ...rotated, rotated: true, returnTo: trigger })} />
      </section>
      {shown ? <WebhookSecretDialog shown={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}
