import type { TCreateApiKeyResponse } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { PlanLacks, usePlanLacking } from '@/components/layouts/user/plan-lacks';

import { useApiKeys } from '../api/get-api-keys';

import { ApiKeysList } from './api-keys-list';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewApiKeyDialog } from './new-api-key-dialog';

const cardClass = 'flex min-w-0 flex-col gap-6 rounded-lg border p-6';

/** The form and the list once the keys have arrived; a loading line before, a retry if they did not come. */
export function ApiKeysManager() {
  const { t } = useTranslation('api-keys');
  const apiKeys = useApiKeys();
  // The secret lives here, in memory, only until the dialog closes.
  const [created, setCreated] = useState<TCreateApiKeyResponse | null>(null);
  const planLacking = usePlanLacking('apiAccess');

  if (apiKeys.isPending) return <Loading>{t('list.loading')}</Loading>;
  if (apiKeys.isError)
    return (
      <LoadFailed title={t('list.loadFailed')} error={apiKeys.error} retryLabel={t('list.retry')} onRetry={() => void apiKeys.refetch()} />
    );
  const { max } = apiKeys.data;
  return (
    <>
      {/* On a plan without the API, the way to one that has it instead of a form the server would refuse. */}
      {planLacking ? (
        <PlanLacks what="apiAccess" plan={planLacking} />
      ) : (
        <section className={cardClass}>
          <CreateApiKeyForm full={apiKeys.data.apiKeys.length >= max} max={max} onCreated={setCreated} />
        </section>
      )}
      <section className={cardClass}>
        <ApiKeysList list={apiKeys.data} />
      </section>
      {created ? <NewApiKeyDialog created={created} onClose={() => setCreated(null)} /> : null}
    </>
  );
}
