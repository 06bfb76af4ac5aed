import { PORTING_STATUSES } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SelectField, SelectOptions } from '@/components/ui/native-select';
import { LoadFailed, Loading } from '@/components/ui/query-states';

import { usePortingQueue, type TQueueFilter } from '../api/porting-queue';
import { PortingRequestCard } from './porting-request-card';

const FILTERS: readonly TQueueFilter[] = ['open', ...PORTING_STATUSES];

/** The back office's porting queue: the open requests oldest first by default, or those of one status. */
export function PortingQueue() {
  const { t } = useTranslation('porting');
  const [filter, setFilter] = useState<TQueueFilter>('open');
  const queue = usePortingQueue(filter);

  return (
    <div className="flex flex-col gap-6">
      <SelectField
        id="porting-filter"
        label={t('admin.filter')}
        fieldClassName="max-w-xs"
        value={filter}
        onChange={(event) => setFilter(event.target.value as TQueueFilter)}
      >
        <SelectOptions values={FILTERS} labelOf={(value) => t(`admin.filters.${value}`)} />
      </SelectField>
      {queue.isPending ? (
        <Loading>{t('admin.loading')}</Loading>
      ) : queue.isError ? (
        <LoadFailed title={t('admin.loadFailed')} error={queue.error} retryLabel={t('admin.retry')} onRetry={() => void queue.refetch()} />
      ) : queue.data.requests.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-muted-foreground">{t('admin.empty')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          {queue.data.requests.map((request) => (
            <PortingRequestCard key={request.id} request={request} carriers={queue.data.carriers} />
          ))}
        </div>
      )}
    </div>
  );
}
