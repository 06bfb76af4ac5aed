import { FAX_FOLDERS, FAX_STATES, type TFaxFolder, type TFaxState, type TInboxFax } from '@faxline/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { Loading, LoadFailed } from '@/components/ui/query-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useInboxes } from '@/lib/inboxes/get-inboxes';
import { useSearchState } from '@/lib/use-search-state';

import { useClaimFax } from '../api/claim-fax';
import { useInboxFaxes } from '../api/get-inbox-faxes';
import {
  ASSIGNED_FILTERS,
  inboxFaxQueryOf,
  readInboxViewState,
  writeInboxViewState,
  type TAssignedFilter,
  type TInboxViewState,
} from '../utils/inbox-params';

import { InboxFaxCards } from './inbox-fax-cards';
import { InboxFaxTable } from './inbox-fax-table';

/** The name of the inbox the page shows: its own, "Unsorted" for the faxes in none, "Inbox" while it is not known. */
export function useShownInboxName(): string {
  const { t } = useTranslation('inboxes');
  const { inbox } = readInboxViewState(new URLSearchParams(useLocation().search));
  const inboxes = useInboxes();
  if (inbox === 'none') return t('unsorted');
  return inboxes.data?.inboxes.find((candidate) => candidate.id === inbox)?.name ?? t('page.fallbackTitle');
}

/**
 * One shared inbox's working view (decision 103): its folders as tabs, the filters (who has the fax, its state), its
 * faxes a page at a time, each to claim or to open. Its state lives in the address (?inbox=&folder=&state=&assigned=).
 */
export function InboxView({ onOpen }: { onOpen: (fax: TInboxFax, trigger: HTMLButtonElement | null) => void }) {
  const { t } = useTranslation(['inboxes', 'faxes']);
  const [params, changeSearch] = useSearchState();
  const state = readInboxViewState(params);
  const name = useShownInboxName();
  const update = (next: Partial<TInboxViewState>) =>
    changeSearch((latest) => writeInboxViewState({ ...readInboxViewState(latest), ...next }), { preventScrollReset: true });

  return (
    <div className="flex min-w-0 flex-col gap-6">
      {/* Another folder starts on its first page, with the filters kept: they mean the same in every folder. */}
      <Tabs
        value={state.folder}
        onValueChange={(folder) => update({ folder: folder as TFaxFolder, page: 1 })}
        className="flex min-w-0 flex-col gap-4"
      >
        <TabsList aria-label={t('page.foldersLabel')}>
          {FAX_FOLDERS.map((folder) => (
            <TabsTrigger key={folder} value={folder}>
              {t(`faxes:placement.folders.${folder}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <InboxFilters state={state} onChange={(next) => update({ ...next, page: 1 })} />
        {FAX_FOLDERS.map((folder) => (
          <TabsContent key={folder} value={folder} className="min-w-0">
            {state.folder === folder ? (
              <InboxFolder
                state={state}
                label={t('page.listLabel', { inbox: name, folder: t(`faxes:placement.folders.${folder}`) })}
                onOpen={onOpen}
                onPage={(page) => update({ page })}
              />
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

type TFiltersProps = { state: TInboxViewState; onChange: (next: Pick<TInboxViewState, 'assigned' | 'state'>) => void };

/** Who has the fax (anyone, me, nobody) and its state (any, new, in progress, done). */
function InboxFilters({ state, onChange }: TFiltersProps) {
  const { t } = useTranslation(['inboxes', 'faxes']);
  const id = useId();
  return (
    <div role="group" aria-label={t('filters.label')} className="flex flex-wrap gap-4">
      <div className="flex min-w-44 flex-col gap-2">
        <Label htmlFor={`${id}-assigned`}>{t('filters.assigned')}</Label>
        <NativeSelect
          id={`${id}-assigned`}
          value={state.assigned}
          onChange={(event) => onChange({ assigned: event.target.value as TAssignedFilter, state: state.state })}
        >
          {ASSIGNED_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {t(`filters.assignedOptions.${filter}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-w-44 flex-col gap-2">
        <Label htmlFor={`${id}-state`}>{t('filters.state')}</Label>
        <NativeSelect
          id={`${id}-state`}
          value={state.state ?? ''}
          onChange={(event) => onChange({ assigned: state.assigned, state: (event.target.value || null) as TFaxState | null })}
        >
          <option value="">{t('filters.anyState')}</option>
          {FAX_STATES.map((faxState) => (
            <option key={faxState} value={faxState}>
              {t(`faxes:placement.states.${faxState}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

type TFolderProps = {
  state: TInboxViewState;
  label: string;
  onOpen: (fax: TInboxFax, trigger: HTMLButtonElement | null) => void;
  onPage: (page: number) => void;
};

/** One folder's faxes: loading, the server's refusal (an inbox not seen), empty, or the list and its pages. */
function InboxFolder({ state, label, onOpen, onPage }: TFolderProps) {
  const { t } = useTranslation('inboxes');
  const faxes = useInboxFaxes(inboxFaxQueryOf(state));
  const claim = useClaimFax();
  const { user } = useAuth();
  const [claimError, setClaimError] = useState<string | null>(null);
  const data = faxes.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  // A page that no longer exists (faxes moved away) shows the last one instead.
  useEffect(() => {
    if (data && state.page > pages) onPage(pages);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the server's total only
  }, [data, pages, state.page]);

  if (!data) {
    if (faxes.isError) {
      // An inbox the person does not see: the server's words, and nothing to retry.
      if (faxes.error instanceof ApiError && faxes.error.status === 404) {
        return (
          <p role="alert" className="rounded-lg border p-6">
            {faxes.error.message}
          </p>
        );
      }
      return (
        <LoadFailed title={t('list.loadFailed')} error={faxes.error} retryLabel={t('list.retry')} onRetry={() => void faxes.refetch()} />
      );
    }
    return <Loading>{t('list.loading')}</Loading>;
  }

  const onClaim = (fax: TInboxFax) => {
    if (!user) return;
    setClaimError(null);
    claim.mutate(
      { id: fax.id, userId: user.id },
      {
        // The Claim button leaves with the claim: focus goes to the fax's Open beside it.
        onSuccess: () => focusOpenButton(fax.id),
        onError: (error) => setClaimError(error instanceof ApiError ? error.message : t('list.claimFailed')),
      },
    );
  };
  const filtered = state.state !== null || state.assigned !== 'all';
  const list = { faxes: data.faxes, label, onOpen, onClaim, claimingId: claim.isPending ? (claim.variables?.id ?? null) : null };

  return (
    <div className="@container flex min-w-0 flex-col gap-4">
      {claimError ? (
        <p role="alert" className="text-sm text-destructive">
          {claimError}
        </p>
      ) : null}
      {data.faxes.length === 0 ? (
        <p role="status" className="rounded-lg border p-6 text-center">
          {filtered ? t('list.emptyFiltered') : t('list.empty')}
        </p>
      ) : (
        <>
          <div className="hidden @4xl:block">
            <InboxFaxTable {...list} />
          </div>
          <div className="@4xl:hidden">
            <InboxFaxCards {...list} />
          </div>
        </>
      )}
      {pages > 1 || state.page > 1 ? (
        <Pagination
          page={state.page}
          pages={pages}
          onPage={onPage}
          label={t('list.pagination')}
          previousLabel={t('list.previous')}
          nextLabel={t('list.next')}
          pageOf={t('list.pageOf', { page: state.page, pages })}
        />
      ) : null}
    </div>
  );
}

/** The fax's Open button that is shown (the table's or the card's, whichever fits the width). */
function focusOpenButton(faxId: string) {
  const buttons = document.querySelectorAll<HTMLButtonElement>(`[data-open-fax="${CSS.escape(faxId)}"]`);
  [...buttons].find((button) => button.offsetParent !== null)?.focus();
}
