import type { TAgentFax } from '@faxline/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useDateFormat } from '@/lib/use-date-format';
import { useSearchState } from '@/lib/use-search-state';

import { useAgentFaxes, useDecideAgentFax } from '../api/agents-api';

type TDecision = 'approve' | 'deny';

/**
 * The approval queue: faxes AI agents sent while the account requires approval, waiting first, each with Approve and
 * Deny. The approval e-mail's links open it with `?fax=&decision=`: that fax shows the choice made in the e-mail, its
 * button focused, for the one click that confirms it (decision 131: a link never decides by itself).
 */
export function AgentFaxQueue() {
  const { t } = useTranslation('agents');
  const faxes = useAgentFaxes();
  const [search] = useSearchState();
  const chosen = search.get('decision');
  const fromEmail = chosen === 'approve' || chosen === 'deny' ? { faxId: search.get('fax'), decision: chosen as TDecision } : null;
  if (faxes.isPending) return <Loading>{t('queue.loading')}</Loading>;
  if (faxes.isError)
    return <LoadFailed title={t('queue.loadFailed')} error={faxes.error} retryLabel={t('retry')} onRetry={() => void faxes.refetch()} />;
  if (faxes.data.data.length === 0)
    return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('queue.empty')}</p>;
  return (
    <ul aria-label={t('queue.title')} className="flex flex-col divide-y rounded-lg border">
      {faxes.data.data.map((fax) => (
        <AgentFaxRow key={fax.id} fax={fax} chosenInEmail={fromEmail?.faxId === fax.id ? fromEmail.decision : null} />
      ))}
    </ul>
  );
}

function AgentFaxRow({ fax, chosenInEmail }: { fax: TAgentFax; chosenInEmail: TDecision | null }) {
  const { t } = useTranslation('agents');
  const format = useDateFormat().dateTime;
  const decide = useDecideAgentFax();
  const to = fax.recipients.join(', ');
  const waiting = fax.state === 'waiting';
  const approveRef = useRef<HTMLButtonElement>(null);
  const denyRef = useRef<HTMLButtonElement>(null);
  // The e-mail's choice: its button takes the focus (and the row comes into view), so one key or click confirms it.
  useEffect(() => {
    if (!waiting || !chosenInEmail) return;
    const button = (chosenInEmail === 'approve' ? approveRef : denyRef).current;
    button?.scrollIntoView({ block: 'center' });
    button?.focus();
  }, [waiting, chosenInEmail]);
  return (
    <li
      className={cn(
        'flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between',
        waiting && chosenInEmail ? 'bg-accent/40 ring-2 ring-ring ring-inset' : null,
      )}
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="font-semibold break-words">{t('queue.to', { to })}</span>
        <span className="text-sm">{t('queue.from', { agent: fax.agentName, date: format(fax.createdAt) })}</span>
        {fax.coverSubject ? <span className="text-sm break-words">{t('queue.subject', { subject: fax.coverSubject })}</span> : null}
        {fax.fileNames.length > 0 ? (
          <span className="text-sm break-words text-muted-foreground">{t('queue.files', { files: fax.fileNames.join(', ') })}</span>
        ) : null}
        <Badge variant={fax.state === 'waiting' ? 'accent' : 'muted'} className="w-fit">
          {fax.decidedBy ? t(`queue.decided.${fax.state}`, { name: fax.decidedBy }) : t(`queue.state.${fax.state}`)}
        </Badge>
        {waiting && chosenInEmail ? <p className="text-sm font-medium">{t(`queue.fromEmail.${chosenInEmail}`)}</p> : null}
        {decide.error instanceof ApiError ? (
          <p role="alert" className="text-sm text-destructive">
            {decide.error.message}
          </p>
        ) : null}
      </div>
      {waiting ? (
        <div className="flex shrink-0 gap-2">
          <Button
            ref={approveRef}
            type="button"
            size="sm"
            aria-label={t('queue.approveFor', { to })}
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: fax.id, approve: true })}
          >
            {t('queue.approve')}
          </Button>
          <Button
            ref={denyRef}
            type="button"
            size="sm"
            variant="outline"
            aria-label={t('queue.denyFor', { to })}
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: fax.id, approve: false })}
          >
            {t('queue.deny')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
