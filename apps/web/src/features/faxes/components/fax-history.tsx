import type { TFax } from '@faxline/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { useSearchState } from '@/lib/use-search-state';
import { useTypedSearch } from '@/lib/use-typed-search';

import { useFaxes } from '../api/get-faxes';
import { listQueryOf, pageCount, readHistoryState, writeHistoryState, type THistoryState, type THistoryTab } from '../utils/history-params';
import { DEFAULT_SORT, nextSort } from '../utils/sort-state';

import { CancelFaxDialog } from './cancel-fax-dialog';
import { FaxCards } from './fax-cards';
import { FaxDetailsDialog } from './fax-details-dialog';
import { FaxSortFields } from './fax-sort-fields';
import { FaxTable } from './fax-table';

type TOpenDialog = { kind: 'details' | 'cancel'; fax: TFax; trigger: HTMLElement | null } | null;

/**
 * /user/fax-history (spec 001 §2.7, §4, §9) on server data: search, the two tabs with their counts, sortable tables,
 * paging, and the row menus. The list is asked for again every 3 s while a fax in it is on its way. `?fax=<id>` opens
 * that fax's details.
 */
export function FaxHistory() {
  const { t } = useTranslation('faxes');
  const [params, changeSearch] = useSearchState();
  const state = readHistoryState(params);
  const [dialog, setDialog] = useState<TOpenDialog>(null);
  const faxes = useFaxes(listQueryOf(state));

  const update = (next: Partial<THistoryState>, options: { replace?: boolean } = {}) =>
    changeSearch((latest) => writeHistoryState({ ...readHistoryState(latest), ...next }), {
      replace: options.replace ?? false,
      preventScrollReset: true,
    });

  // A fax named in the address (?fax=, where a notification leads) opens in the details dialog; closing it drops it.
  const linkedFax = params.get('fax');
  const closeLinkedFax = () =>
    changeSearch(
      (latest) => {
        const next = new URLSearchParams(latest);
        next.delete('fax');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  // The search is sent once typing pauses; a new search starts on the first page.
  const [searchInput, setSearchInput] = useTypedSearch(state.search, (search) => update({ search, page: 1 }, { replace: true }));

  const data = faxes.data;
  // Numbered pages stop where the server stops serving them by number (a search narrows longer lists).
  // A count that is a floor (a word on many faxes' text, decision 100) lets the pages go on to that limit.
  const atLeast = data ? data.countsAtLeast[state.tab === 'sent' ? 'outbound' : 'inbound'] : false;
  const pages = data ? (atLeast ? data.maxPage : Math.min(pageCount(data.total, data.pageSize), data.maxPage)) : 1;
  // A page that no longer exists (the list got shorter) shows the last one instead.
  useEffect(() => {
    if (data && state.page > pages) update({ page: pages }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the server's total only
  }, [data, pages, state.page]);

  const countOf = (tab: THistoryTab) => {
    if (!data) return '…';
    const direction = tab === 'sent' ? 'outbound' : 'inbound';
    return data.countsAtLeast[direction] ? t('history.atLeast', { count: data.counts[direction] }) : data.counts[direction];
  };
  const searching = state.search.trim() !== '';

  const panel = (tab: THistoryTab) => {
    if (!data) {
      return faxes.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-6">
          <p className="font-medium">{t('history.loadFailed')}</p>
          {faxes.error instanceof ApiError ? <p className="text-sm text-muted-foreground">{faxes.error.message}</p> : null}
          <Button type="button" variant="outline" onClick={() => void faxes.refetch()}>
            {t('history.retry')}
          </Button>
        </div>
      ) : (
        <p role="status" className="rounded-lg border p-6 text-muted-foreground">
          {t('history.loading')}
        </p>
      );
    }
    if (data.faxes.length === 0) {
      return (
        <div role="status" className="flex flex-col gap-1 rounded-lg border p-6 text-center">
          <p className="font-medium">{tab === 'sent' ? t('history.emptySent') : t('history.emptyReceived')}</p>
          {searching ? <p className="text-sm text-muted-foreground">{t('history.emptySearch')}</p> : null}
        </div>
      );
    }
    const list = {
      direction: tab === 'sent' ? ('outbound' as const) : ('inbound' as const),
      faxes: data.faxes,
      sort: state.sort,
      onViewDetails: (fax: TFax, trigger: HTMLElement | null) => setDialog({ kind: 'details', fax, trigger }),
      onCancel: (fax: TFax, trigger: HTMLElement | null) => setDialog({ kind: 'cancel', fax, trigger }),
    };
    // The table where it fits (its 40rem and some room), cards otherwise: a phone, or a tablet beside the sidebar. A
    // container query, so that the room left by the sidebar counts, not the window's width.
    return (
      <div className="@container flex min-w-0 flex-col gap-4">
        <div className="hidden @2xl:block">
          <FaxTable {...list} onSort={(key) => update({ sort: nextSort(state.sort, key), page: 1 })} />
        </div>
        <div className="flex flex-col gap-4 @2xl:hidden">
          <FaxSortFields direction={list.direction} sort={state.sort} onChange={(sort) => update({ sort, page: 1 })} />
          <FaxCards {...list} />
        </div>
        {pages > 1 || state.page > 1 ? (
          <Pagination
            page={state.page}
            pages={pages}
            onPage={(page) => update({ page })}
            label={t('history.pagination')}
            previousLabel={t('history.previous')}
            nextLabel={t('history.next')}
            pageOf={t('history.pageOf', { page: state.page, pages })}
          />
        ) : null}
      </div>
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex max-w-md flex-col gap-2">
        <Label htmlFor="fax-search">{t('history.searchLabel')}</Label>
        <Input
          id="fax-search"
          type="search"
          placeholder={t('history.searchPlaceholder')}
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
        />
      </div>
      {/* Switching tabs starts that tab on its first page, by date, newest first (spec 001 §4). */}
      <Tabs
        value={state.tab}
        onValueChange={(tab) => update({ tab: tab as THistoryTab, sort: DEFAULT_SORT, page: 1 })}
        className="flex min-w-0 flex-col gap-4"
      >
        <TabsList aria-label={t('history.tabsLabel')}>
          <TabsTrigger value="sent">{t('history.sentTab', { total: countOf('sent') })}</TabsTrigger>
          <TabsTrigger value="received">{t('history.receivedTab', { total: countOf('received') })}</TabsTrigger>
        </TabsList>
        <TabsContent value="sent" className="min-w-0">
          {state.tab === 'sent' ? panel('sent') : null}
        </TabsContent>
        <TabsContent value="received" className="min-w-0">
          {state.tab === 'received' ? panel('received') : null}
        </TabsContent>
      </Tabs>
      {dialog?.kind === 'details' ? (
        <FaxDetailsDialog faxId={dialog.fax.id} returnFocusTo={dialog.trigger} onClose={() => setDialog(null)} />
      ) : linkedFax ? (
        <FaxDetailsDialog key={linkedFax} faxId={linkedFax} returnFocusTo={null} onClose={closeLinkedFax} />
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <CancelFaxDialog fax={dialog.fax} returnFocusTo={dialog.trigger} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
