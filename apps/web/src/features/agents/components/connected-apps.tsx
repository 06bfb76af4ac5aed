import type { TConnectedApp } from '@faxline/shared';
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ScopeBadges } from '@/components/ui/scope-badges';
import { CountedList } from '@/components/ui/counted-list';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useDateFormat } from '@/lib/use-date-format';

import { useConnectedApps, useRevokeConnectedApp } from '../api/agents-api';

/** "Connected apps": the apps and AI agents people of the account allowed in (OAuth), with their scopes, last use and Revoke. */
export function ConnectedApps() {
  const { t, i18n } = useTranslation('agents');
  const apps = useConnectedApps();
  // Focus goes to the heading once a revoked app's row (and its button) is gone.
  const heading = useRef<HTMLHeadingElement>(null);
  if (apps.isPending) return <Loading>{t('connected.loading')}</Loading>;
  if (apps.isError)
    return <LoadFailed title={t('connected.loadFailed')} error={apps.error} retryLabel={t('retry')} onRetry={() => void apps.refetch()} />;
  return (
    <CountedList
      title={t('connected.title')}
      count={t('connected.count', {
        count: apps.data.data.length,
        shown: new Intl.NumberFormat(i18n.language).format(apps.data.data.length),
      })}
      empty={t('connected.empty')}
      isEmpty={apps.data.data.length === 0}
      headingRef={heading}
      listClassName="flex flex-col divide-y rounded-lg border"
    >
      {apps.data.data.map((app) => (
        <ConnectedAppRow key={app.id} app={app} heading={heading} />
      ))}
    </CountedList>
  );
}

function ConnectedAppRow({ app, heading }: { app: TConnectedApp; heading: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation('agents');
  const format = useDateFormat().dateTime;
  const revoke = useRevokeConnectedApp();
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-4 p-4">
      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="font-semibold break-words">{app.clientName}</span>
        <ScopeBadges scopes={app.scopes} label={t('connected.scopesLabel', { name: app.clientName })} />
        <span className="text-sm text-muted-foreground">
          {t('connected.allowedBy', { date: format(app.createdAt), name: app.grantedBy })}
        </span>
        <span className="text-sm text-muted-foreground">
          {app.lastUsedAt ? t('connected.lastUsed', { date: format(app.lastUsedAt) }) : t('connected.neverUsed')}
        </span>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={t('connected.revokeFor', { name: app.clientName })}
        disabled={revoke.isPending}
        onClick={() => revoke.mutate(app.id, { onSuccess: () => heading.current?.focus() })}
      >
        {t('connected.revoke')}
      </Button>
    </li>
  );
}
