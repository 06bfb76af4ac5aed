import type { TAdminUser } from '@faxline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api-client';
import { adminSessionQueryKey } from '@/lib/auth/api/get-admin-session';
import { toast } from '@/lib/toast';
import { useSearchState } from '@/lib/use-search-state';
import { useTypedSearch } from '@/lib/use-typed-search';

import { useAdminUsers } from '../api/get-admin-users';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { pageCount, readListState, sortBy, writeListState, type TUserListState } from '../utils/list-state';

import { confirmDeletion, dismissDeletionConfirmation } from './confirm-deletion';
import { BillingDialog } from './billing-dialog';
import { UserDialog, type TUserDialogTarget } from './user-dialog';
import { UsersTable } from './users-table';

/** Spec 001 §9: the 'Error Fetching Users' toast stays 10 s. */
const FETCH_ERROR_TOAST_MS = 10_000;

/**
 * /admin/users (spec 001 §2.11, §4, §8, §9): search, sortable columns and paging done by the server, the add and edit
 * dialog, and deletion through the 'Confirm Deletion' toast.
 */
export function UserManagement({ currentUserId }: { currentUserId: string }) {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const queryClient = useQueryClient();
  const [params, changeSearch] = useSearchState();
  const state = readListState(params);
  const [dialog, setDialog] = useState<TUserDialogTarget | null>(null);
  const [billingOf, setBillingOf] = useState<TAdminUser | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const users = useAdminUsers(state);
  const remove = useDeleteAdminUser();

  const update = (next: Partial<TUserListState>, options: { replace?: boolean } = {}) =>
    changeSearch((latest) => writeListState({ ...readListState(latest), ...next }), {
      replace: options.replace ?? false,
      preventScrollReset: true,
    });

  // The search is sent once typing pauses, and starts again on the first page (spec 001 §9).
  const [searchInput, setSearchInput] = useTypedSearch(state.search, (search) => update({ search, page: 1 }, { replace: true }));

  const data = users.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  // A page that no longer exists (the last row of the last page deleted) shows the last one instead.
  useEffect(() => {
    if (data && state.page > pages) update({ page: pages }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the server's total only
  }, [data, pages, state.page]);

  /** A lapsed back-office access: the admin guard asks again and sends the admin to the login. */
  const handleRefusal = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: adminSessionQueryKey });
  };
  useFetchErrorToast(users.error, users.errorUpdatedAt, handleRefusal);
  useEffect(() => dismissDeletionConfirmation, []);

  const openDialog = (target: TUserDialogTarget, trigger: HTMLElement) => {
    opener.current = trigger;
    setDialog(target);
  };

  const askToDelete = (user: TAdminUser, trigger: HTMLButtonElement) => {
    const returnFocus = () => (trigger.isConnected ? trigger : searchRef.current)?.focus();
    confirmDeletion({
      title: t('users.toasts.confirmTitle'),
      description: t('users.toasts.confirmDescription'),
      confirmLabel: t('users.toasts.confirmAction'),
      cancelLabel: t('users.toasts.confirmCancel'),
      onCancel: returnFocus,
      onConfirm: () => {
        remove.mutate(user.id, {
          onSuccess: () => {
            toast({ title: t('users.toasts.deletedTitle'), description: t('users.toasts.deletedDescription', { email: user.email }) });
            // The row is gone: the search field is the nearest place to carry on from.
            searchRef.current?.focus();
          },
          onError: (error) => {
            handleRefusal(error);
            toast({
              title: t('users.toasts.deleteFailedTitle'),
              description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
              variant: 'destructive',
            });
            returnFocus();
          },
        });
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex w-full max-w-md flex-col gap-2">
          <Label htmlFor="admin-user-search">{t('users.searchLabel')}</Label>
          <Input
            ref={searchRef}
            id="admin-user-search"
            type="search"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            placeholder={t('users.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <Button type="button" onClick={(event) => openDialog({ mode: 'create' }, event.currentTarget)}>
          {t('users.add')}
        </Button>
      </div>

      <UsersList
        state={state}
        data={data}
        loading={users.isPending}
        failed={users.isError}
        onRetry={() => void users.refetch()}
        currentUserId={currentUserId}
        onSort={(key) => update(sortBy(state, key))}
        onEdit={(user, trigger) => openDialog({ mode: 'edit', user }, trigger)}
        onBilling={(user, trigger) => {
          opener.current = trigger;
          setBillingOf(user);
        }}
        onDelete={askToDelete}
      />

      {data && data.total > 0 ? (
        <Pagination
          page={state.page}
          pages={pages}
          onPage={(page) => update({ page })}
          label={t('users.pagination')}
          previousLabel={t('users.previous')}
          nextLabel={t('users.next')}
          pageOf={t('users.pageOf', { page: count(state.page), pages: count(pages) })}
          summary={t('users.showing', {
            from: count((state.page - 1) * data.pageSize + 1),
            to: count(Math.min(data.total, state.page * data.pageSize)),
            total: count(data.total),
          })}
        />
      ) : null}

      <UserDialog target={dialog} currentUserId={currentUserId} onClose={() => setDialog(null)} returnFocusTo={opener.current} />
      <BillingDialog user={billingOf} onClose={() => setBillingOf(null)} returnFocusTo={opener.current} />
    </div>
  );
}

type TUsersListProps = Omit<Parameters<typeof UsersTable>[0], 'users' | 'sort' | 'direction'> & {
  state: TUserListState;
  data: ReturnType<typeof useAdminUsers>['data'];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
};

/** The table, or what stands in for it: loading, the spec's 'No Users Found', or (list emptied) a failure with a retry. */
function UsersList({ state, data, loading, failed, onRetry, ...table }: TUsersListProps) {
  const { t } = useTranslation('admin');
  if (failed) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border p-6">
        <p className="font-medium">{t('users.loadFailed')}</p>
        <Button type="button" variant="outline" onClick={onRetry}>
          {t('users.retry')}
        </Button>
      </div>
    );
  }
  if (loading || !data) {
    return (
      <p role="status" className="rounded-lg border p-6 text-muted-foreground">
        {t('users.loading')}
      </p>
    );
  }
  if (data.users.length === 0) {
    return (
      <div role="status" className="flex flex-col gap-1 rounded-lg border p-6 text-center">
        <p className="font-medium">{t('users.empty')}</p>
        {state.search.trim() ? <p className="text-sm text-muted-foreground">{t('users.emptySearch')}</p> : null}
      </div>
    );
  }
  return <UsersTable users={data.users} sort={state.sort} direction={state.direction} {...table} />;
}

/** 'Error Fetching Users' (spec 001 §8): the server's message and a hint, for 10 s, once per failure. */
function useFetchErrorToast(error: Error | null, errorUpdatedAt: number, onFailure: (error: Error) => void) {
  const { t } = useTranslation(['admin', 'errors']);
  const shown = useRef(0);
  useEffect(() => {
    if (!error || errorUpdatedAt === shown.current) return;
    shown.current = errorUpdatedAt;
    onFailure(error);
    toast({
      title: t('users.toasts.fetchFailedTitle'),
      description: t('users.toasts.fetchFailedDescription', {
        message: error instanceof ApiError ? error.message : t('errors:api.unknown'),
      }),
      variant: 'destructive',
      duration: FETCH_ERROR_TOAST_MS,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure, whatever the callback's identity
  }, [error, errorUpdatedAt, t]);
}
