import type { TNumberList } from '@faxline/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useAdminNumbers } from '../api/get-admin-numbers';
import { hasUnreadableOwner } from '../utils/number-display';

import { type TNumberActions } from './number-parts';
import { NumberTable } from './number-table';

type TNumberListPanelProps = TNumberActions & { list: TNumberList; page: number; onPage: (page: number) => void };

/**
 * One tab of /admin/numbers: its page of numbers, or why there is none (loading, 'Error Fetching Numbers', the spec's
 * empty texts). An assigned number whose owner cannot be read shows an ID fragment, and the page warns once.
 */
export function NumberListPanel({ list, page, onPage, ...actions }: TNumberListPanelProps) {
  const { t } = useTranslation('admin-catalogue');
  const numbers = useAdminNumbers(list, page);
  const { data, error, dataUpdatedAt, errorUpdatedAt } = numbers;

  useEffect(() => {
    if (!error) return;
    toast({
      title: t('numbers.toasts.fetchErrorTitle'),
      description: error instanceof ApiError ? error.message : t('common.unknownError'),
      variant: 'destructive',
    });
  }, [error, errorUpdatedAt, t]);

  useEffect(() => {
    if (data && hasUnreadableOwner(data.numbers))
      toast({ title: t('numbers.toasts.warningTitle'), description: t('numbers.toasts.warningDescription') });
  }, [data, dataUpdatedAt, t]);

  // A page that no longer exists (the list got shorter) shows the last one instead.
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  useEffect(() => {
    if (data && page > pages) onPage(pages);
  }, [data, page, pages, onPage]);

  if (!data) {
    return numbers.isError ? (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-6">
        <p className="font-semibold">{t('numbers.loadFailed')}</p>
        <Button type="button" variant="outline" onClick={() => void numbers.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    ) : (
      <p role="status" className="rounded-lg border p-6 text-muted-foreground">
        {t('numbers.loading')}
      </p>
    );
  }

  if (data.numbers.length === 0) {
    return (
      <p role="status" className="rounded-lg border p-6 text-center font-medium">
        {list === 'available' ? t('numbers.emptyAvailable') : t('numbers.emptyAssigned')}
      </p>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('numbers.total', { count: data.total })}</p>
      <NumberTable kind={list} numbers={data.numbers} {...actions} />
      {pages > 1 ? (
        <Pagination
          page={page}
          pages={pages}
          onPage={onPage}
          label={t('common.pagination')}
          previousLabel={t('common.previous')}
          nextLabel={t('common.next')}
          pageOf={t('common.pageOf', { page, pages })}
        />
      ) : null}
    </div>
  );
}
