import { AddressText } from '@/components/ui/address-text';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import type { TAuditEvent } from '@faxline/shared';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { cn } from '@/lib/utils';

import { formatAuditTime } from '../utils/format-audit-time';

import { AuditOutcome } from './audit-outcome';

/** Who acted: the person as they are now, a deleted person by their id, or nobody signed in (jobs, visitors). */
function Actor({ event }: { event: TAuditEvent }) {
  const { t } = useTranslation('admin-insights');
  if (event.actor) {
    return (
      <>
        {event.actor.name ? <span className="block">{event.actor.name}</span> : null}
        <AddressText className={event.actor.name ? 'block text-xs text-muted-foreground' : 'block'}>{event.actor.email}</AddressText>
      </>
    );
  }
  if (event.actorUserId) {
    return (
      <>
        <span className="block">{t('audit.deletedPerson')}</span>
        <code className="block text-xs break-all text-muted-foreground">{event.actorUserId}</code>
      </>
    );
  }
  return <span className="text-muted-foreground">{t('audit.noActor')}</span>;
}

type TDetailsToggleProps = { event: TAuditEvent; open: boolean; controls: string; onToggle: () => void };

/** Opens the event's details in a full-width row under it, where the JSON has room to be read. */
function DetailsToggle({ event, open, controls, onToggle }: TDetailsToggleProps) {
  const { t } = useTranslation('admin-insights');
  if (!hasDetails(event)) return <span className="text-muted-foreground">–</span>;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
      className="rounded-sm font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
    >
      {open ? t('audit.hideDetails') : t('audit.showDetails')}
      <span className="sr-only"> {t('audit.detailsOf', { action: event.action, id: event.id })}</span>
    </button>
  );
}

const hasDetails = (event: TAuditEvent) => Boolean(event.details && Object.keys(event.details).length > 0);

const COLUMNS = ['when', 'who', 'action', 'object', 'outcome', 'ip', 'details'] as const;

/** The audit events of one page: when (UTC), who, action, object, outcome, address and details. */
export function AuditTable({ events, caption }: { events: TAuditEvent[]; caption: string }) {
  const { t, i18n } = useTranslation('admin-insights');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ScrollTable label={caption} captioned className="relative" tableClassName="min-w-[56rem]">
      <TableHead>
        <tr>
          {COLUMNS.map((column) => (
            <HeaderCell key={column}>{t(`audit.columns.${column}`)}</HeaderCell>
          ))}
        </tr>
      </TableHead>
      <tbody>
        {events.map((event) => {
          const open = expanded.has(event.id);
          const detailsId = `audit-event-${event.id}-details`;
          return (
            <Fragment key={event.id}>
              <tr className={cn('align-top', !open && 'border-b last:border-b-0')}>
                <td className="px-3 py-3 whitespace-nowrap tabular-nums">
                  <time dateTime={event.at}>{formatAuditTime(event.at, i18n.language)}</time>
                </td>
                <td className="min-w-48 px-3 py-3 [overflow-wrap:anywhere]">
                  <Actor event={event} />
                </td>
                <td className="px-3 py-3">
                  <code>{event.action}</code>
                </td>
                <td className="max-w-56 px-3 py-3">
                  <span className="block">{event.objectType}</span>
                  {event.objectId ? <code className="block text-xs break-all text-muted-foreground">{event.objectId}</code> : null}
                </td>
                <td className="px-3 py-3">
                  <AuditOutcome outcome={event.outcome} />
                </td>
                <td className="px-3 py-3 tabular-nums">{event.ip ?? '–'}</td>
                <td className="px-3 py-3">
                  <DetailsToggle event={event} open={open} controls={detailsId} onToggle={() => toggle(event.id)} />
                </td>
              </tr>
              {open ? (
                <tr id={detailsId} className="border-b last:border-b-0">
                  <td colSpan={COLUMNS.length} className="px-3 pb-3">
                    {/* Sticky, so the JSON shows in the visible part of a table scrolled sideways on a phone. */}
                    <pre className="sticky left-3 max-w-[calc(100vw-4rem)] rounded-md bg-muted p-3 text-xs break-all whitespace-pre-wrap sm:max-w-none">
                      {JSON.stringify(event.details, null, 2)}
                    </pre>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
