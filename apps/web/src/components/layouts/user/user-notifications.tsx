import type { TFaxEvent } from '@faxline/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { BellIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useNotifications } from '@/lib/account/get-notifications';
import { cn } from '@/lib/utils';

import { HeaderMenu, HeaderMenuSeparator } from '../header-menu';

import { counterpartOf, eventKindOf, relativeTimeOf, unreadCount } from './notification-view';

const itemClass =
  'flex cursor-pointer items-start gap-3 rounded-sm px-3 py-2 text-sm outline-hidden select-none data-highlighted:bg-accent data-highlighted:text-accent-foreground';
// A menu holds menu items only: loading, error and empty texts are disabled items, so screen readers still read them.
const noteClass = 'px-3 py-2 text-sm text-muted-foreground';

/**
 * The header's notifications button (issue 6): recent fax events, each leading to Fax History, asked for again every
 * 30 s, with a badge counting the received faxes not opened yet. `enabled` is false for a role that sees no faxes.
 */
export function UserNotifications({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('user');
  const query = useNotifications(enabled);
  const events = query.data?.events ?? [];
  const unread = unreadCount(events);

  return (
    <HeaderMenu
      widthClassName="w-80"
      trigger={
        <button
          type="button"
          aria-label={unread > 0 ? t('notifications.buttonUnread', { count: unread }) : t('notifications.button')}
          className="relative grid size-10 shrink-0 place-items-center rounded-md text-muted-foreground outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 data-[state=open]:bg-accent"
        >
          <BellIcon />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-destructive-foreground"
            >
              {unread > 9 ? '9+' : unread}
            </span>
          ) : null}
        </button>
      }
    >
      <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold">{t('notifications.title')}</DropdownMenu.Label>
      <HeaderMenuSeparator />
      <NotificationItems enabled={enabled} status={query.status} events={events} />
      <HeaderMenuSeparator />
      <DropdownMenu.Item asChild className={cn(itemClass, 'font-medium text-primary')}>
        <Link to={paths.user.faxHistory.getHref()}>{t('notifications.viewAll')}</Link>
      </DropdownMenu.Item>
    </HeaderMenu>
  );
}

type TItemsProps = { enabled: boolean; status: 'pending' | 'error' | 'success'; events: readonly TFaxEvent[] };

function NotificationItems({ enabled, status, events }: TItemsProps) {
  const { t } = useTranslation('user');
  if (enabled && status === 'pending') return <Note>{t('notifications.loading')}</Note>;
  if (enabled && status === 'error') return <Note>{t('notifications.failed')}</Note>;
  if (!enabled || events.length === 0) return <Note>{t('notifications.empty')}</Note>;
  return (
    <div className="max-h-96 overflow-y-auto">
      {events.map((event) => (
        <NotificationItem key={`${event.faxId}-${event.occurredAt}`} event={event} />
      ))}
    </div>
  );
}

function NotificationItem({ event }: { event: TFaxEvent }) {
  const { t, i18n } = useTranslation('user');
  const party = counterpartOf(event) ?? t('notifications.unknownParty');
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={paths.user.faxHistory.getHref()}>
        <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', event.unread ? 'bg-primary' : 'bg-transparent')} />
        <span className="flex min-w-0 flex-col">
          <span className={cn('break-words', event.unread && 'font-semibold')}>
            {t(`notifications.events.${eventKindOf(event)}`, { party })}
            {event.unread ? <span className="sr-only"> ({t('notifications.unread')})</span> : null}
          </span>
          <time dateTime={event.occurredAt} className="text-xs text-muted-foreground">
            {relativeTimeOf(event.occurredAt, new Date(), i18n.language)}
          </time>
        </span>
      </Link>
    </DropdownMenu.Item>
  );
}

function Note({ children }: { children: string }) {
  return (
    <DropdownMenu.Item disabled className={noteClass}>
      {children}
    </DropdownMenu.Item>
  );
}
