import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { PlanLacks, usePlanLacking } from '@/components/layouts/user/plan-lacks';

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
  const planLacking = usePlanLacking('webhooks');

  if (webhooks.isPending) return <Loading>{t('list.loading')}</Loading>;
  if (webhooks.isError)
    return (
      <LoadFailed
        title={t('list.loadFailed')}
        error={webhooks.error}
        retryLabel={t('list.retry')}
        onRetry={() => void webhooks.refetch()}
      />
    );
  const { max } = webhooks.data;
  return (
    <>
      {/* On a plan without webhooks, the way to one that has them instead of a form the server would refuse. */}
      {planLacking ? (
        <PlanLacks what="webhooks" plan={planLacking} />
      ) : (
        <section className={cardClass}>
          <CreateWebhookForm
            kind="signed"
            full={webhooks.data.endpoints.length >= max}
            max={max}
            onCreated={(created) => setShown({ ...created, rotated: false })}
          />
        </section>
      )}
      {/* Chat notices come with every plan, as the fax e-mails do. */}
      <section className={cardClass}>
        <CreateWebhookForm kind="chat" full={webhooks.data.endpoints.length >= max} max={max} />
      </section>
      <section className={cardClass}>
        <WebhooksList list={webhooks.data} onRotated={(rotated, trigger) => setShown({ ...rotated, rotated: true, returnTo: trigger })} />
      </section>
      {shown ? <WebhookSecretDialog shown={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}
