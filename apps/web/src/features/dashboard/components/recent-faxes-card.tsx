import type { TFax } from '@faxline/shared';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { InboxIcon, SendIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useDateFormat } from '@/lib/use-date-format';

import { otherPartyOf } from '../utils/fax-party';

import { CardFailed, CardLoading, DashboardCard } from './dashboard-card';

type TRecentFaxesCardProps = {
  /** The newest faxes of both directions; undefined while loading. */
  faxes: readonly TFax[] | undefined;
  failed: boolean;
  onRetry: () => void;
  /** A fax's status as Fax History shows it (the faxes feature's), so both pages say the same. */
  renderStatus: (fax: TFax) => ReactNode;
  className?: string;
};

const linkClass = 'text-sm font-medium text-primary underline underline-offset-4 hover:no-underline';

/** The last five faxes with their status; statuses change without a reload while one is in flight. */
export function RecentFaxesCard({ faxes, failed, onRetry, renderStatus, className }: TRecentFaxesCardProps) {
  const { t } = useTranslation('user');

  return (
    <DashboardCard
      title={t('dashboard.recentFaxes.title')}
      className={className}
      action={
        <Link to={paths.user.faxHistory.getHref()} className={linkClass}>
          {t('dashboard.recentFaxes.viewAll')}
        </Link>
      }
    >
      {failed ? <CardFailed message={t('dashboard.recentFaxes.failed')} onRetry={onRetry} /> : null}
      {!failed && !faxes ? <CardLoading>{t('dashboard.recentFaxes.loading')}</CardLoading> : null}
      {!failed && faxes?.length === 0 ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-muted-foreground">{t('dashboard.recentFaxes.empty')}</p>
          <Link to={paths.user.sendFax.getHref()} className={linkClass}>
            {t('dashboard.recentFaxes.sendFirst')}
          </Link>
        </div>
      ) : null}
      {!failed && faxes && faxes.length > 0 ? (
        <ul aria-label={t('dashboard.recentFaxes.listLabel')} className="flex flex-col divide-y">
          {faxes.map((fax) => (
            <RecentFax key={fax.id} fax={fax} status={renderStatus(fax)} />
          ))}
        </ul>
      ) : null}
    </DashboardCard>
  );
}

function RecentFax({ fax, status }: { fax: TFax; status: ReactNode }) {
  const { t } = useTranslation('user');
  const dates = useDateFormat();
  const outbound = fax.direction === 'outbound';
  const party = otherPartyOf(fax) ?? t('dashboard.recentFaxes.unknownParty');
  // A number never breaks inside ("+1 555 010 / 0004"); a name wraps between words rather than being cut short.
  const partyIsNumber = outbound ? !fax.recipientName : !fax.senderName && Boolean(fax.fromNumber);
  const Icon = outbound ? SendIcon : InboxIcon;

  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium break-words">
          <Trans
            t={t}
            i18nKey={outbound ? 'dashboard.recentFaxes.sentTo' : 'dashboard.recentFaxes.receivedFrom'}
            values={{ party }}
            components={{ party: <span translate="no" className={partyIsNumber ? 'whitespace-nowrap' : undefined} /> }}
          />
        </span>
        <span className="text-xs text-muted-foreground">
          {outbound ? t('dashboard.recentFaxes.sent') : t('dashboard.recentFaxes.received')} ·{' '}
          <time dateTime={fax.createdAt}>{dates.dateTime(fax.createdAt)}</time>
        </span>
      </span>
      {/* On a phone the status gets a line of its own under the text, which keeps the whole width. */}
      <span className="col-start-2 text-sm sm:col-start-auto">{status}</span>
    </li>
  );
}
