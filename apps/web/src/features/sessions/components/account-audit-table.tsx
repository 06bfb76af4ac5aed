import type { TAuditEvent } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { AddressText } from '@/components/ui/address-text';
import { Badge } from '@/components/ui/badge';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';

// Text on tinted backgrounds, each pair at least 4.5:1; the word says it, the colour only helps.
const TONE = { success: 'bg-emerald-100 text-emerald-800', denied: 'bg-amber-100 text-amber-900', failure: 'bg-red-100 text-red-800' };

/** An event's time in UTC, to the second, the way the filters count days. */
const utcTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23', timeZone: 'UTC' }).format(new Date(iso));

const COLUMNS = ['when', 'who', 'action', 'outcome', 'ip'] as const;

/** One page of the account's trail: when, who (a member, or Faxline itself), what in words, how it ended, from where. */
export function AccountAuditTable({ events, caption }: { events: TAuditEvent[]; caption: string }) {
  const { t, i18n } = useTranslation('sessions');
  return (
    <ScrollTable label={caption} captioned tableClassName="min-w-[44rem]">
      <TableHead>
        <tr>
          {COLUMNS.map((column) => (
            <HeaderCell key={column}>{t(`audit.columns.${column}`)}</HeaderCell>
          ))}
        </tr>
      </TableHead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id} className="border-b align-top last:border-b-0">
            <td className="px-3 py-3 whitespace-nowrap tabular-nums">
              <time dateTime={event.at}>{utcTime(event.at, i18n.language)}</time>
            </td>
            <td className="min-w-48 px-3 py-3 [overflow-wrap:anywhere]">
              {event.actor ? (
                <>
                  <span className="block">{event.actor.name}</span>
                  <AddressText className="block text-xs text-muted-foreground">{event.actor.email}</AddressText>
                </>
              ) : (
                <span className="text-muted-foreground">{t('audit.noActor')}</span>
              )}
            </td>
            <td className="px-3 py-3">
              {/* The action in words where it has them, its code always (the filter and the CSV use the code). */}
              <span className="block">{t(`audit.actions.${event.action}`, { defaultValue: event.action })}</span>
              <code className="block text-xs text-muted-foreground">{event.action}</code>
            </td>
            <td className="px-3 py-3">
              <Badge className={TONE[event.outcome]}>{t(`audit.outcome.${event.outcome}`)}</Badge>
            </td>
            <td className="px-3 py-3 tabular-nums">{event.ip ?? '–'}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
