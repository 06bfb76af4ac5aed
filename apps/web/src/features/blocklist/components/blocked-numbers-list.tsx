import type { TBlockedNumber, TBlocklist } from '@faxline/shared';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useDateFormat } from '@/lib/use-date-format';

import { RemoveBlockedNumberDialog } from './remove-blocked-number-dialog';

type TRemoving = { entry: TBlockedNumber; trigger: HTMLButtonElement };

/** The account's blocked numbers and prefixes (in number order), how many of the allowed ones are used, and Remove. */
export function BlockedNumbersList({ list }: { list: TBlocklist }) {
  const { t, i18n } = useTranslation('blocklist');
  const [removing, setRemoving] = useState<TRemoving | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const number = new Intl.NumberFormat(i18n.language);

  // Focus goes back to the Remove button, or to the heading once its row is gone.
  const focusBack = () => (removing?.trigger.isConnected ? removing.trigger : heading.current)?.focus();
  const open = (entry: TBlockedNumber) => (event: MouseEvent<HTMLButtonElement>) => setRemoving({ entry, trigger: event.currentTarget });

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold outline-hidden">
          {t('list.title')}
        </h3>
        <p className="text-sm text-muted-foreground">
          {t('list.count', { used: number.format(list.entries.length), max: number.format(list.max) })}
        </p>
      </div>
      {list.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('list.empty')}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col divide-y rounded-lg border">
          {list.entries.map((entry) => (
            <BlockedNumberRow key={entry.id} entry={entry} onRemove={open(entry)} />
          ))}
        </ul>
      )}
      {removing ? <RemoveBlockedNumberDialog entry={removing.entry} onClose={() => setRemoving(null)} returnFocus={focusBack} /> : null}
    </div>
  );
}

function BlockedNumberRow({ entry, onRemove }: { entry: TBlockedNumber; onRemove: (event: MouseEvent<HTMLButtonElement>) => void }) {
  const { t } = useTranslation('blocklist');
  const added = useDateFormat().date(entry.createdAt);
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-4 p-4">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span translate="no" dir="ltr" className="font-semibold whitespace-nowrap tabular-nums">
          {entry.prefix}
        </span>
        {entry.note ? (
          <span className="text-sm break-words">{entry.note}</span>
        ) : (
          <span className="text-sm text-muted-foreground">{t('list.noNote')}</span>
        )}
        <span className="text-sm text-muted-foreground">{t('list.added', { date: added })}</span>
      </div>
      <Button type="button" variant="outline" size="sm" aria-label={t('list.removeFor', { prefix: entry.prefix })} onClick={onRemove}>
        {t('list.remove')}
      </Button>
    </li>
  );
}
