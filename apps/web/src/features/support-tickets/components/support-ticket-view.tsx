import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { useSupportTicket } from '../api/get-support-ticket';
import { useSetSupportTicketStatus } from '../api/set-support-ticket-status';

import { SupportReplyForm } from './support-reply-form';
import { SupportStatusBadge } from './support-status-badge';
import { SupportThread } from './support-thread';

/** One of the person's tickets: the conversation, the reply box, and Close or Reopen. */
export function SupportTicketView({ id, backHref }: { id: string; backHref: string }) {
  const { t } = useTranslation('support-tickets');
  const dates = useDateFormat();
  const ticket = useSupportTicket(id);
  const setStatus = useSetSupportTicketStatus();
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = ticket.isSuccess;
  // Opening a ticket replaces the list in place: focus moves to its subject, as a page change would.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const back = (
    <Link to={backHref} className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline">
      <span aria-hidden="true">←</span> {t('view.back')}
    </Link>
  );
  if (ticket.isPending)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Loading>{t('view.loading')}</Loading>
      </div>
    );
  if (ticket.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <LoadFailed title={t('view.loadFailed')} error={ticket.error} retryLabel={t('retry')} onRetry={() => void ticket.refetch()} />
      </div>
    );

  const data = ticket.data;
  const closed = data.status === 'closed';
  const change = async () => {
    try {
      await setStatus.mutateAsync({ id, status: closed ? 'open' : 'closed' });
      toast(
        closed
          ? { title: t('view.reopenedTitle'), description: t('view.reopenedDescription') }
          : { title: t('view.closedTitle'), description: t('view.closedDescription') },
      );
    } catch (error) {
      toast({
        title: t('view.statusFailed'),
        description: error instanceof ApiError ? error.message : t('loadFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <article className="flex flex-col gap-6" aria-labelledby="support-ticket-subject">
      {back}
      <header className="flex flex-col gap-3">
        <h2 ref={heading} id="support-ticket-subject" tabIndex={-1} className="text-2xl font-semibold break-words outline-hidden">
          {data.subject}
        </h2>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <SupportStatusBadge status={data.status} />
          <span>{t('reference', { reference: data.reference })}</span>
          <time dateTime={data.createdAt}>{t('view.opened', { date: dates.dateTime(data.createdAt) })}</time>
        </div>
        <div>
          <Button type="button" variant="outline" disabled={setStatus.isPending} onClick={() => void change()}>
            {closed ? t('view.reopen') : t('view.close')}
          </Button>
        </div>
      </header>
      <section className="flex flex-col gap-4" aria-labelledby="support-ticket-thread">
        <h3 id="support-ticket-thread" className="text-lg font-semibold">
          {t('view.thread')}
        </h3>
        <SupportThread ticketId={data.id} messages={data.messages} />
      </section>
      {closed ? <p className="rounded-lg border bg-muted/40 p-3 text-sm">{t('view.closedNote')}</p> : null}
      <SupportReplyForm ticketId={data.id} />
    </article>
  );
}
