import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

import { useBlocklist } from '../api/get-blocklist';

import { AddBlockedNumberForm } from './add-blocked-number-form';
import { BlockedNumbersList } from './blocked-numbers-list';

/** The form and the list once the blocklist has arrived; a loading line before, a retry if it did not come. */
export function BlockedNumbers() {
  const { t } = useTranslation('blocklist');
  const blocklist = useBlocklist();

  if (blocklist.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        {t('list.loading')}
      </p>
    );
  }
  if (blocklist.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4">
        <p className="font-medium">{t('list.loadFailed')}</p>
        {blocklist.error instanceof ApiError ? <p className="text-sm text-muted-foreground">{blocklist.error.message}</p> : null}
        <Button type="button" variant="outline" onClick={() => void blocklist.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      <AddBlockedNumberForm />
      <BlockedNumbersList list={blocklist.data} />
    </>
  );
}
