import { useTranslation } from 'react-i18next';

import { LoadFailed, Loading } from '@/components/ui/query-states';

import { useBlocklist } from '../api/get-blocklist';

import { AddBlockedNumberForm } from './add-blocked-number-form';
import { BlockedNumbersList } from './blocked-numbers-list';

/** The form and the list once the blocklist has arrived; a loading line before, a retry if it did not come. */
export function BlockedNumbers() {
  const { t } = useTranslation('blocklist');
  const blocklist = useBlocklist();

  if (blocklist.isPending) return <Loading>{t('list.loading')}</Loading>;
  if (blocklist.isError)
    return (
      <LoadFailed
        title={t('list.loadFailed')}
        error={blocklist.error}
        retryLabel={t('list.retry')}
        onRetry={() => void blocklist.refetch()}
      />
    );
  return (
    <>
      <AddBlockedNumberForm />
      <BlockedNumbersList list={blocklist.data} />
    </>
  );
}
