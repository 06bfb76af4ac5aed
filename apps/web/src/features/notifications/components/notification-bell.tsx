import { NOTIFICATIONS_UNREAD_CAP } from '@faxline/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { HeaderMenu, HeaderMenuSeparator } from '@/components/layouts/header-menu';
import { BellIcon } from '@/components/ui/icons';
import { cn } from '@/lib/utils';
import { useDateFormat } from '@/lib/use-date-format';

import { badgeText, relativeTimeOf } from '../utils/notification-view';

export const bellItemClass =
  'flex cursor-pointer items-start gap-3 rounded-sm px-3 py-2 text-sm outline-hidden select-none data-highlighted:bg-accent data-highlighted:text-accent-foreground data-disabled:cursor-default data-disabled:opacity-60';
// A menu holds menu items only: loading, error and empty texts are disabled items, so screen readers still read them.
const noteClass = 'px-3 py-2 text-sm text-muted-foreground';

/** One line of the list: what happened, in words, when, and where it leads. */
export type TBellItem = { id: string; text: string; createdAt: string; read: boolean; href: string };

type TNotificationBellProps = {
  status: 'pending' | 'error' | 'success';
  items: readonly TBellItem[];
  unread: number;
  /** An item was chosen: it is read now (its link leads on). */
  onOpen: (item: TBellItem) => void;
  onMarkAllRead: () => void;
  markingAllRead: boolean;
  /** Menu items after the list (a link to the full history). */
  footer?: ReactNode;
};

/**
 * A header's notifications button: a badge with the unread count, the count in the button's name, and a
 * menu of what happened, newest first, each leading to what it is about; "Mark all as read" keeps the menu open. A
 * rise of the count while the page is open is said in a polite live region, as it would otherwise go unheard.
 */
export function NotificationBell({ status, items, unread, onOpen, onMarkAllRead, markingAllRead, footer }: TNotificationBellProps) {
  const { t } = useTranslation('notifications');
  const label =
    unread >= NOTIFICATIONS_UNREAD_CAP
      ? t('buttonUnreadMany', { count: NOTIFICATIONS_UNREAD_CAP })
      : unread > 0
        ? t('buttonUnread', { count: unread })
        : t('button');

  // The count last seen, to announce a rise (not the first count, nor a fall after reading).
  const [seen, setSeen] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  if (status === 'success' && unread !== seen) {
    if (seen !== null && unread > seen) setAnnouncement(label);
    setSeen(unread);
  }

  return (
    <>
      <span role="status" className="sr-only">
        {announcement}
      </span>
      <HeaderMenu
        widthClassName="w-96"
        trigger={
          <button
            type="button"
            aria-label={label}
            className="relative grid size-10 shrink-0 place-items-center rounded-md text-muted-foreground outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 data-[state=open]:bg-accent"
          >
            <BellIcon />
            {unread > 0 ? (
              <span
                aria-hidden="true"
                data-notification-badge
                className="absolute top-1 right-1 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-destructive-foreground"
              >
                {badgeText(unread)}
              </span>
            ) : null}
          </button>
        }
      >
        <div className="flex items-center justify-between gap-2">
          <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold">{t('title')}</DropdownMenu.Label>
          {items.length > 0 ? (
            <DropdownMenu.Item
              disabled={unread === 0 || markingAllRead}
              onSelect={(event) => {
                // The list stays open, so that the person sees every line turn read.
                event.preventDefault();
                onMarkAllRead();
              }}
              className={cn(bellItemClass, 'items-center py-1.5 font-medium text-primary')}
            >
              {t('markAllRead')}
            </DropdownMenu.Item>
          ) : null}
        </div>
        <HeaderMenuSeparator />
        <BellItems status={status} items={items} onOpen={onOpen} />
        {footer ? (
          <>
            <HeaderMenuSeparator />
            {footer}
          </>
        ) : null}
      </HeaderMenu>
    </>
  );
}

function BellItems({ status, items, onOpen }: Pick<TNotificationBellProps, 'status' | 'items' | 'onOpen'>) {
  const { t } = useTranslation('notifications');
  if (status === 'pending') return <Note>{t('loading')}</Note>;
  if (status === 'error' && items.length === 0) return <Note>{t('failed')}</Note>;
  if (items.length === 0) return <Note>{t('empty')}</Note>;
  return (
    // Arrow keys move through the lines and scroll them into view; the region takes focus too, so that a long list
    // can also be scrolled from the keyboard as a region (WCAG 2.1.1, axe's scrollable-region-focusable).
    <div
      role="group"
      aria-label={t('title')}
      tabIndex={0}
      className="max-h-[min(28rem,70vh)] overflow-y-auto outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
    >
      {items.map((item) => (
        <BellLine key={item.id} item={item} onOpen={onOpen} />
      ))}
    </div>
  );
}

function BellLine({ item, onOpen }: { item: TBellItem; onOpen: (item: TBellItem) => void }) {
  const { t, i18n } = useTranslation('notifications');
  const dates = useDateFormat();
  return (
    <DropdownMenu.Item asChild className={bellItemClass} onSelect={() => onOpen(item)}>
      <Link to={item.href}>
        <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-primary')} />
        <span className="flex min-w-0 flex-col">
          <span className={cn('break-words', !item.read && 'font-semibold')}>
            {item.text}
            {item.read ? null : <span className="sr-only"> ({t('unread')})</span>}
          </span>
          <time dateTime={item.createdAt} title={dates.dateTime(item.createdAt)} className="text-xs text-muted-foreground">
            {relativeTimeOf(item.createdAt, new Date(), i18n.language)}
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
