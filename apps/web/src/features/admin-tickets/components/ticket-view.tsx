import type { TAdminTicketDetail } from '@faxline/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';

import { useAdminTicket } from '../api/get-admin-ticket';
import { useTicketAssignees } from '../api/get-ticket-assignees';

import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';
import { TicketControls } from './ticket-controls';
import { TicketReplyForm } from './ticket-reply-form';
import { TicketThread } from './ticket-thread';

type TTicketViewProps = {
  id: string;
  /** The list the ticket was opened from, with its filters. */
  backHref: string;
};

function TicketFacts({ ticket }: { ticket: TAdminTicketDetail }) {
  const { t } = useTranslation('admin-support');
  const dates = useDateFormat();
  const received = dates.dateTime(ticket.createdAt);
  const facts = [
    { term: t('tickets.view.reference'), value: `#${ticket.reference}` },
    { term: t('tickets.view.from'), value: `${ticket.requester.name} <${ticket.requester.email}>` },
    { term: t('tickets.view.department'), value: t(`tickets.departments.${ticket.department}`) },
    { term: t('tickets.view.received'), value: received },
    { term: t('tickets.view.language'), value: t(`languages.${ticket.language}`) },
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {facts.map(({ term, value }) => (
        <div key={term} className="contents">
          <dt className="font-medium text-muted-foreground">{term}</dt>
          <dd className="break-all sm:break-normal">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One ticket: what was asked, the conversation, the reply box, and its status, priority and assignee. */
export function TicketView({ id, backHref }: TTicketViewProps) {
  const { t } = useTranslation('admin-support');
  const ticket = useAdminTicket(id);
  const assignees = useTicketAssignees();
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = ticket.isSuccess;
  // Opening a ticket replaces the list in place: move focus to its subject, as a page change would.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const back = (
    <Link to={backHref} className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline">
      <span aria-hidden="true">←</span> {t('tickets.view.back')}
    </Link>
  );

  if (ticket.isPending)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <p role="status" className="rounded-lg border p-6 text-muted-foreground">
          {t('tickets.view.loading')}
        </p>
      </div>
    );
  if (ticket.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-6">
          <p className="font-semibold">{t('tickets.view.loadFailed')}</p>
          <p className="text-muted-foreground">{ticket.error instanceof ApiError ? ticket.error.message : t('common.unknownError')}</p>
          {ticket.error instanceof ApiError && ticket.error.status === 404 ? null : (
            <Button type="button" variant="outline" onClick={() => void ticket.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </div>
      </div>
    );

  const data = ticket.data;
  return (
    <article className="flex flex-col gap-6" aria-labelledby="ticket-subject">
      {back}
      <header className="flex flex-col gap-3">
        <h2 ref={heading} id="ticket-subject" tabIndex={-1} className="text-2xl font-semibold break-words outline-hidden">
          {data.subject}
        </h2>
        <div className="flex flex-wrap gap-2">
          <TicketStatusBadge status={data.status} />
          <TicketPriorityBadge priority={data.priority} />
          {data.requester.userId ? <Badge variant="accent">{t('tickets.signedIn')}</Badge> : null}
        </div>
        <TicketFacts ticket={data} />
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <section className="flex flex-col gap-4" aria-labelledby="ticket-thread">
            <h3 id="ticket-thread" className="text-lg font-semibold">
              {t('tickets.view.thread')}
            </h3>
            <TicketThread ticketId={data.id} messages={data.messages} />
          </section>
          <TicketReplyForm ticket={data} />
        </div>
        <aside className="h-fit rounded-lg border p-4 lg:sticky lg:top-4">
          <TicketControls ticket={data} assignees={assignees.data?.assignees ?? []} />
        </aside>
      </div>
    </article>
  );
}
