import { t30CompletionKind, type TFaxAttempt, type TFaxCallDetails, type TFaxDetails } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { useDateFormat } from '@/lib/use-date-format';

import { formatDuration } from '../utils/format';

/** An attempt's result: how the call went, or why it failed in the words the server uses for failures too. */
function attemptResultKey(result: TFaxAttempt['result']) {
  return result === 'delivered' || result === 'partially_delivered' || result === 'in_progress'
    ? (`results.${result}` as const)
    : (`messages:failureReasons.${result}` as const);
}

/**
 * The call as it happened: the speed the machines trained at, error correction and the pages it
 * sent again, resolution and coding, the far machine's station id, and how T.30 ended, in words and by its code.
 */
function CallFacts({ attempt, call }: { attempt: TFaxAttempt; call: TFaxCallDetails | null }) {
  const { t, i18n } = useTranslation('faxes');
  const facts: { label: string; value: string }[] = [];
  if (attempt.firstPage > 1) facts.push({ label: t('call.resumed'), value: t('call.resumedFrom', { page: attempt.firstPage }) });
  if (call?.bitRate != null)
    facts.push({ label: t('call.speed'), value: t('call.bitRate', { rate: new Intl.NumberFormat(i18n.language).format(call.bitRate) }) });
  if (call?.ecm != null)
    facts.push({
      label: t('call.ecm'),
      value: call.ecm ? t('call.ecmOn', { count: call.ecmRetransmissions ?? 0 }) : t('call.ecmOff'),
    });
  if (call?.resolution != null)
    facts.push({
      label: t('call.image'),
      value: `${t(`call.resolutions.${call.resolution}`)}, ${call.compression ?? ''}`.replace(/, $/, ''),
    });
  if (call?.remoteIdent != null) facts.push({ label: t('call.remoteIdent'), value: call.remoteIdent });
  // A line that does not speak in spandsp's completion codes (HylaFAX) is shown in its own words.
  if (call?.completionCode == null && call?.completionText) facts.push({ label: t('call.completion'), value: call.completionText });
  if (call?.completionCode != null)
    facts.push({
      label: t('call.completion'),
      value: t('call.completionValue', {
        words: t(`call.completions.${t30CompletionKind(call.completionCode)}`),
        code: call.completionCode,
      }),
    });
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="font-medium">{fact.label}</dt>
          <dd className="min-w-0 break-words">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AttemptsTable({ fax }: { fax: TFaxDetails }) {
  const { t, i18n } = useTranslation(['faxes', 'messages']);
  const dates = useDateFormat();
  return (
    <section aria-labelledby="fax-attempts-heading" className="flex flex-col gap-2">
      <h3 id="fax-attempts-heading" className="font-semibold">
        {fax.direction === 'inbound' ? t('details.inboundCall') : t('details.attempts')}
      </h3>
      {fax.attempts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('details.noAttempts')}</p>
      ) : (
        // Wider than a phone: a region that scrolls sideways, reachable by keyboard (WCAG 2.1.1), named by its heading.
        <div role="region" aria-labelledby="fax-attempts-heading" tabIndex={0} className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="border-b">
              <tr>
                <th scope="col" className="py-1 pr-3 text-left font-medium">
                  {t('details.attempt')}
                </th>
                <th scope="col" className="py-1 pr-3 text-left font-medium">
                  {t('details.attemptStarted')}
                </th>
                <th scope="col" className="py-1 pr-3 text-left font-medium">
                  {t('details.attemptDuration')}
                </th>
                <th scope="col" className="py-1 pr-3 text-left font-medium">
                  {fax.direction === 'inbound' ? t('details.attemptPagesReceived') : t('details.attemptPages')}
                </th>
                <th scope="col" className="py-1 text-left font-medium">
                  {t('details.attemptResult')}
                </th>
              </tr>
            </thead>
            {fax.attempts.map((attempt) => (
              // One body per attempt: its row, then the call's facts under it.
              <tbody key={attempt.number} className="border-b last:border-b-0">
                <tr>
                  <td className="py-1 pr-3 tabular-nums">{attempt.number}</td>
                  <td className="py-1 pr-3">{dates.dateTime(attempt.startedAt)}</td>
                  <td className="py-1 pr-3">{attempt.durationMs === null ? '–' : formatDuration(attempt.durationMs, i18n.language)}</td>
                  <td className="py-1 pr-3 tabular-nums">{attempt.pagesSent}</td>
                  <td className="py-1">{fax.direction === 'inbound' ? t('results.received') : t(attemptResultKey(attempt.result))}</td>
                </tr>
                {attempt.call || attempt.firstPage > 1 ? (
                  <tr>
                    <td />
                    <td colSpan={4} className="pb-2">
                      <CallFacts attempt={attempt} call={attempt.call} />
                    </td>
                  </tr>
                ) : null}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </section>
  );
}
