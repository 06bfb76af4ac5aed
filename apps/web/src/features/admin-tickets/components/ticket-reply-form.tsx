import { TICKET_REPLY_MAX_LENGTH, type TAdminTicketDetail } from '@faxline/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldProblem } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useReplyToTicket } from '../api/reply-to-ticket';

/** The reply box: the reply joins the thread and is e-mailed to the address on the ticket. */
export function TicketReplyForm({ ticket }: { ticket: TAdminTicketDetail }) {
  const { t } = useTranslation(['admin-support', 'messages']);
  const id = useId();
  const reply = useReplyToTicket();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setProblem(t('messages:validation.ticketReplyRequired'));
      field.current?.focus();
      return;
    }
    setProblem(null);
    try {
      await reply.mutateAsync({ id: ticket.id, body });
      setBody('');
      toast({ title: t('tickets.reply.sentTitle'), description: t('tickets.reply.sentDescription', { email: ticket.requester.email }) });
    } catch (error) {
      toast({
        title: t('tickets.reply.failedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <Label htmlFor={`${id}-body`}>{t('tickets.reply.label')}</Label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t('tickets.reply.hint', { email: ticket.requester.email })}
      </p>
      <Textarea
        ref={field}
        id={`${id}-body`}
        value={body}
        rows={6}
        maxLength={TICKET_REPLY_MAX_LENGTH}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
        onChange={(event) => setBody(event.target.value)}
      />
      <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>
      <div>
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? t('tickets.reply.sending') : t('tickets.reply.send')}
        </Button>
      </div>
    </form>
  );
}
