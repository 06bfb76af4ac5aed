import type { TApiKey, TApiKeysResponse } from '@faxline/shared';
import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ScopeBadges } from '@/components/ui/scope-badges';
import { CountedList } from '@/components/ui/counted-list';
import { useDateFormat } from '@/lib/use-date-format';

import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

type TRevoking = { apiKey: TApiKey; trigger: HTMLButtonElement };

/** The account's working keys (newest first), how many of the allowed ones are used, and Revoke. */
export function ApiKeysList({ list }: { list: TApiKeysResponse }) {
  const { t, i18n } = useTranslation('api-keys');
  const [revoking, setRevoking] = useState<TRevoking | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const number = new Intl.NumberFormat(i18n.language);

  // Focus goes back to the Revoke button, or to the heading once its row is gone.
  const focusBack = () => (revoking?.trigger.isConnected ? revoking.trigger : heading.current)?.focus();
  const open = (apiKey: TApiKey) => (event: MouseEvent<HTMLButtonElement>) => setRevoking({ apiKey, trigger: event.currentTarget });

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <CountedList
        title={t('list.title')}
        count={t('list.count', { used: number.format(list.apiKeys.length), max: number.format(list.max) })}
        empty={t('list.empty')}
        isEmpty={list.apiKeys.length === 0}
        headingRef={heading}
        listClassName="flex flex-col divide-y rounded-lg border"
      >
        {list.apiKeys.map((apiKey) => (
          <ApiKeyRow key={apiKey.id} apiKey={apiKey} onRevoke={open(apiKey)} />
        ))}
      </CountedList>
      {revoking ? <RevokeApiKeyDialog apiKey={revoking.apiKey} onClose={() => setRevoking(null)} returnFocus={focusBack} /> : null}
    </div>
  );
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: TApiKey; onRevoke: (event: MouseEvent<HTMLButtonElement>) => void }) {
  const { t } = useTranslation('api-keys');
  const format = useDateFormat().dateTime;
  const created = format(apiKey.createdAt);
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-4 p-4">
      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="font-semibold break-words">{apiKey.name}</span>
        <code translate="no" dir="ltr" className="w-fit rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all">
          {`${apiKey.prefix}…`}
        </code>
        <ScopeBadges scopes={apiKey.scopes} label={t('list.scopesLabel', { name: apiKey.name })} />
        <span className="text-sm text-muted-foreground">
          {apiKey.createdBy ? t('list.createdBy', { date: created, name: apiKey.createdBy }) : t('list.created', { date: created })}
        </span>
        <span className="text-sm text-muted-foreground">
          {apiKey.lastUsedAt ? t('list.lastUsed', { date: format(apiKey.lastUsedAt) }) : t('list.neverUsed')}
        </span>
      </div>
      <Button type="button" variant="outline" size="sm" aria-label={t('list.revokeFor', { name: apiKey.name })} onClick={onRevoke}>
        {t('list.revoke')}
      </Button>
    </li>
  );
}
