import type { TCreateApiKeyResponse } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

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

  if (apiKeys.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        {t('list.loading')}
      </p>
    );
  }
  if (apiKeys.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4">
        <p className="font-medium">{t('list.loadFailed')}</p>
        {apiKeys.error instanceof ApiError ? <p className="text-sm text-muted-foreground">{apiKeys.error.message}</p> : null}
        <Button type="button" variant="outline" onClick={() => void apiKeys.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  const { max } = apiKeys.data;
  return (
    <>
      <section className={cardClass}>
        <CreateApiKeyForm full={apiKeys.data.apiKeys.length >= max} max={max} onCreated={setCreated} />
      </section>
      <section className={cardClass}>
        <ApiKeysList list={apiKeys.data} />
      </section>
      {created ? <NewApiKeyDialog created={created} onClose={() => setCreated(null)} /> : null}
    </>
  );
}
