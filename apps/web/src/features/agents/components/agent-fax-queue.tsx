import type { TAgentFax } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';

import { useAgentFaxes, useDecideAgentFax } from '../api/agents-api';

/** The approval queue: faxes AI agents sent while the account requires approval, waiting first, each with Approve and Deny. */
export function AgentFaxQueue() {
  const { t } = useTranslation('agents');
  const faxes = useAgentFaxes();
  if (faxes.isPending) return <Loading>{t('queue.loading')}</Loading>;
  if (faxes.isError)
    return <LoadFailed title={t('queue.loadFailed')} error={faxes.error} retryLabel={t('retry')} onRetry={() => void faxes.refetch()} />;
  if (faxes.data.data.length === 0)
    return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('queue.empty')}</p>;
  return (
    <ul aria-label={t('queue.title')} className="flex flex-col divide-y rounded-lg border">
      {faxes.data.data.map((fax) => (
        <AgentFaxRow key={fax.id} fax={fax} />
      ))}
    </ul>
  );
}

function AgentFaxRow({ fax }: { fax: TAgentFax }) {
  const { t } = useTranslation('agents');
  const format = useDateFormat().dateTime;
  const decide = useDecideAgentFax();
  const to = fax.recipients.join(', ');
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
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
        {decide.error instanceof ApiError ? (
          <p role="alert" className="text-sm text-destructive">
            {decide.error.message}
          </p>
        ) : null}
      </div>
      {fax.state === 'waiting' ? (
        <div className="flex shrink-0 gap-2">
          <Button
            type="button"
            size="sm"
            aria-label={t('queue.approveFor', { to })}
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: fax.id, approve: true })}
          >
            {t('queue.approve')}
          </Button>
          <Button
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
