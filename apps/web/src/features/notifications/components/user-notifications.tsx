import type { TNotification } from '@faxline/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { maySeeFaxes } from '@/components/layouts/user/user-nav';
import { paths } from '@/config/paths';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { cn } from '@/lib/utils';

import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { partyOf } from '../utils/notification-view';

import { bellItemClass, NotificationBell, type TBellItem } from './notification-bell';

/**
 * A notification in words: a fax event ("Fax from +1 415 555 0100 received, 3 pages", "Fax to … failed: Busy: the line
 * was engaged"), or an agent's fax waiting for approval.
 */
function sentenceOf(n: TNotification, t: TFunction<['notifications', 'messages', 'station-ids']>): string {
  if (n.type === 'agent_fax.waiting') {
    const party = partyOf(n.number, null) ?? t('unknownParty');
    return n.recipients > 1
      ? t('agentFax.waitingMany', { agent: n.agentName, party, others: n.recipients - 1 })
      : t('agentFax.waiting', { agent: n.agentName, party });
  }
  const party = partyOf(n.number, n.name) ?? t('unknownParty');
  switch (n.type) {
    case 'fax.received':
      return n.pages ? t('fax.received', { party, count: n.pages }) : t('fax.receivedNoPages', { party });
    case 'fax.delivered':
      // Delivered, but to another machine than expected (decision 121): the sender is to check the number.
      if (n.stationMismatch) return t('station-ids:bell.mismatch', { party });
      return n.pages ? t('fax.delivered', { party, count: n.pages }) : t('fax.deliveredNoPages', { party });
    case 'fax.partially_delivered':
      return t('fax.partiallyDelivered', { party, sent: n.pagesSent ?? 0, count: n.pages ?? 0 });
    case 'fax.failed':
      return n.failureReason
        ? t('fax.failed', { party, reason: t(`messages:failureReasons.${n.failureReason}`) })
        : t('fax.failedNoReason', { party });
  }
}

/**
 * The user area's bell (spec 001 §2.2): the fax events this person may see, asked for every 10 s
 * while the page is shown; each leads to the fax's details. Billing contacts see no faxes, so theirs stays empty.
 */
export function UserNotifications() {
  const { t } = useTranslation(['notifications', 'messages', 'station-ids']);
  const role = useAccountSummary().data?.role;
  // Asked once the role is known, and only of a role that sees faxes (a Billing contact's list is always empty).
  const enabled = role !== undefined && maySeeFaxes(role);
  const query = useNotifications(enabled);
  const mark = useMarkNotificationsRead();

  const items: TBellItem[] = (query.data?.notifications ?? []).map((n) => ({
    id: n.id,
    text: sentenceOf(n, t),
    createdAt: n.createdAt,
    read: n.read,
    // An agent's fax is not a fax yet: it leads to the queue where it is decided.
    href:
      n.type === 'agent_fax.waiting'
        ? paths.user.agentFaxes.getHref()
        : paths.user.faxHistory.getHref({ id: n.faxId, direction: n.type === 'fax.received' ? 'inbound' : 'outbound' }),
  }));

  return (
    <NotificationBell
      status={role === undefined ? 'pending' : enabled ? query.status : 'success'}
      items={items}
      unread={query.data?.unread ?? 0}
      onOpen={(item) => (item.read ? undefined : mark.mutate({ ids: [item.id] }))}
      onMarkAllRead={() => mark.mutate({ all: true })}
      markingAllRead={mark.isPending}
      footer={
        enabled ? (
          <DropdownMenu.Item asChild className={cn(bellItemClass, 'font-medium text-primary')}>
            <Link to={paths.user.faxHistory.getHref()}>{t('viewAll')}</Link>
          </DropdownMenu.Item>
        ) : null
      }
    />
  );
}
