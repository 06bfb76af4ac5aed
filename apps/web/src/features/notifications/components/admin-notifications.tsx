import type { TAdminNotification } from '@faxline/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { paths } from '@/config/paths';

import { useAdminNotifications } from '../api/get-admin-notifications';
import { useMarkAdminNotificationsRead } from '../api/mark-admin-notifications-read';
import { readableNumber } from '../utils/notification-view';

import { NotificationBell, type TBellItem } from './notification-bell';

type TAdminT = TFunction<['notifications', 'messages']>;

/** A platform event in words, for the operators. */
function sentenceOf(n: TAdminNotification, t: TAdminT): string {
  if (n.type === 'ticket.created') return t('admin.ticketCreated', { subject: n.subject, from: n.from });
  const account = n.account?.name ?? t('admin.deletedAccount');
  switch (n.type) {
    case 'account.created':
      return n.account?.ownerEmail
        ? t('admin.accountCreated', { account, email: n.account.ownerEmail })
        : t('admin.accountCreatedNoEmail', { account });
    case 'fax.failed': {
      const number = readableNumber(n.toNumber) ?? t('admin.unknownNumber');
      return n.failureReason
        ? t('admin.faxFailed', { account, number, reason: t(`messages:failureReasons.${n.failureReason}`) })
        : t('admin.faxFailedNoReason', { account, number });
    }
    case 'webhook.disabled':
      return n.url ? t('admin.webhookDisabled', { account, url: n.url }) : t('admin.webhookDisabledNoUrl', { account });
  }
}

/** Where an event leads: the ticket, or the account's people on the Users page (found by the owner's address). */
function hrefOf(n: TAdminNotification): string {
  if (n.type === 'ticket.created') return paths.admin.supportTickets.getHref(n.ticketId);
  return paths.admin.users.getHref(n.account?.ownerEmail ?? undefined);
}

/**
 * The back office's bell (spec 001 §2.10): sign-ups, support tickets, failing faxes and disabled
 * webhook endpoints across the platform, read or not by this operator, asked for every 10 s while the page is shown.
 */
export function AdminNotifications() {
  const { t } = useTranslation(['notifications', 'messages']);
  const query = useAdminNotifications();
  const mark = useMarkAdminNotificationsRead();
  const items: TBellItem[] = (query.data?.notifications ?? []).map((n) => ({
    id: n.id,
    text: sentenceOf(n, t),
    createdAt: n.createdAt,
    read: n.read,
    href: hrefOf(n),
  }));

  return (
    <NotificationBell
      status={query.status}
      items={items}
      unread={query.data?.unread ?? 0}
      onOpen={(item) => (item.read ? undefined : mark.mutate({ ids: [item.id] }))}
      onMarkAllRead={() => mark.mutate({ all: true })}
      markingAllRead={mark.isPending}
    />
  );
}
