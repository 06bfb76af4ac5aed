import type { TAdminUser, TAdminUserSortDirection, TAdminUserSortKey } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { AddressText } from '@/components/ui/address-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SortHeader } from '@/components/ui/sort-header';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import { useDateFormat } from '@/lib/use-date-format';

type TUsersTableProps = {
  users: TAdminUser[];
  sort: TAdminUserSortKey;
  direction: TAdminUserSortDirection;
  currentUserId: string;
  onSort: (key: TAdminUserSortKey) => void;
  onEdit: (user: TAdminUser, trigger: HTMLButtonElement) => void;
  onBilling: (user: TAdminUser, trigger: HTMLButtonElement) => void;
  onDelete: (user: TAdminUser, trigger: HTMLButtonElement) => void;
};

/** The user table (spec 001 §2.11, §3): name, email, role, status, joined, last sign-in, and each row's actions. */
export function UsersTable({ users, sort, direction, currentUserId, onSort, onEdit, onBilling, onDelete }: TUsersTableProps) {
  const { t } = useTranslation('admin');
  const dates = useDateFormat();
  const labels: Record<TAdminUserSortKey, string> = {
    name: t('users.columns.name'),
    email: t('users.columns.email'),
    role: t('users.columns.role'),
    status: t('users.columns.status'),
    joined: t('users.columns.joined'),
    lastSignIn: t('users.columns.lastSignIn'),
  };
  const caption = t('users.caption', {
    column: labels[sort],
    order: direction === 'asc' ? t('users.ascending') : t('users.descending'),
  });
  const header = (key: TAdminUserSortKey) => (
    <SortHeader label={labels[key]} sortKey={key} sort={{ key: sort, order: direction }} onSort={onSort} />
  );

  return (
    <ScrollTable label={caption} captioned className="relative bg-background" tableClassName="min-w-[56rem]">
      <TableHead>
        <tr>
          {header('name')}
          {header('email')}
          {header('role')}
          {header('status')}
          {header('joined')}
          {header('lastSignIn')}
          <HeaderCell className="text-right">
            <span className="sr-only">{t('users.columns.actions')}</span>
          </HeaderCell>
        </tr>
      </TableHead>
      <tbody>
        {users.map((user) => {
          const self = user.id === currentUserId;
          return (
            <tr key={user.id} className="border-b last:border-b-0">
              <td className="px-3 py-3 align-top">
                {user.name || <span className="text-muted-foreground">{t('users.notAvailable')}</span>}
                {self ? <span className="ml-1 text-muted-foreground">{t('users.you')}</span> : null}
              </td>
              <td className="px-3 py-3 align-top">
                <AddressText>{user.email}</AddressText>
              </td>
              <td className="px-3 py-3 align-top">
                <Badge variant={user.role === 'Admin' ? 'default' : 'muted'}>{t(`users.roles.${user.role}`)}</Badge>
              </td>
              <td className="px-3 py-3 align-top">
                <Badge variant={user.status === 'active' ? 'success' : 'accent'}>{t(`users.statuses.${user.status}`)}</Badge>
              </td>
              <td className="px-3 py-3 align-top whitespace-nowrap">{dates.date(user.joinedAt)}</td>
              <td className="px-3 py-3 align-top whitespace-nowrap">
                {user.lastSignInAt ? dates.dateTime(user.lastSignInAt) : t('users.never')}
              </td>
              <td className="px-3 py-1 text-right align-top whitespace-nowrap">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('users.editLabel', { email: user.email })}
                  onClick={(event) => onEdit(user, event.currentTarget)}
                >
                  {t('users.edit')}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('users.billing.openLabel', { email: user.email })}
                  onClick={(event) => onBilling(user, event.currentTarget)}
                >
                  {t('users.billing.open')}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="text-destructive hover:bg-destructive/10 hover:text-destructive aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent"
                  aria-label={t('users.deleteLabel', { email: user.email })}
                  // Not disabled: a disabled button cannot take focus or say why; the reason shows instead.
                  aria-disabled={self || undefined}
                  title={self ? t('users.cannotDeleteSelf') : undefined}
                  onClick={(event) => (self ? undefined : onDelete(user, event.currentTarget))}
                >
                  {t('users.delete')}
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
