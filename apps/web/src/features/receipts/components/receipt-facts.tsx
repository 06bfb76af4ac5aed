import { formatPhoneInternational, type TReceiptFacts } from '@faxline/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDuration } from '@/lib/format-units';
import { useDateFormat } from '@/lib/use-date-format';

type TReceiptFactsProps = { facts: TReceiptFacts; keyId: string };

/** What a verified report states, as a definition list; numbers, dates and units in the page's language (Intl). */
export function ReceiptFacts({ facts, keyId }: TReceiptFactsProps) {
  const { t, i18n } = useTranslation('receipts');
  const dates = useDateFormat();
  const language = i18n.language;
  const count = (value: number) => new Intl.NumberFormat(language).format(value);

  const rows: Array<[string, ReactNode]> = [
    // Reports issued before decision 123 do not say: they are transmission reports.
    [t('facts.document'), t(`facts.documents.${facts.document ?? 'transmission_report'}`)],
    [t('facts.faxId'), <Code key="id">{facts.faxId}</Code>],
    [t('facts.status'), t(`facts.statuses.${facts.status}`)],
    [t('facts.to'), <Phone key="to">{formatPhoneInternational(facts.toNumber)}</Phone>],
    [t('facts.remoteIdent'), facts.remoteIdent ? <Phone key="csi">{facts.remoteIdent}</Phone> : t('facts.notGiven')],
    [t('facts.from'), facts.fromNumber ? <Phone key="from">{formatPhoneInternational(facts.fromNumber)}</Phone> : t('facts.notGiven')],
    [t('facts.completedAt'), dates.dateTime(facts.deliveredAt)],
    [t('facts.pages'), t('facts.pagesValue', { confirmed: count(facts.pagesConfirmed), pages: count(facts.pages) })],
    [t('facts.speed'), facts.bitRate === null ? t('facts.notGiven') : t('facts.speedValue', { rate: count(facts.bitRate) })],
    [t('facts.ecm'), facts.ecm === null ? t('facts.notGiven') : facts.ecm ? t('facts.on') : t('facts.off')],
    [t('facts.lineTime'), formatDuration(facts.lineMs, language)],
    [t('facts.calls'), count(facts.attempts.length)],
    [t('facts.issuedAt'), dates.dateTime(facts.issuedAt)],
    [t('facts.keyId'), <Code key="key">{keyId}</Code>],
  ];

  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-lg font-semibold">{t('facts.title')}</h3>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,auto)_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 sm:col-span-2 sm:grid-cols-subgrid">
            <dt className="font-medium text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="flex flex-col gap-2">
        <h4 className="font-semibold">{t('facts.pageHashes')}</h4>
        <ol className="flex flex-col gap-2">
          {facts.pageSha256.map((hash, index) => (
            <li key={index} className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
              <span className="shrink-0 text-sm font-medium text-muted-foreground sm:w-20">
                {t('facts.page', { number: count(index + 1) })}
              </span>
              <Code>{hash}</Code>
              {facts.pageAttempts?.[index] ? (
                <span className="shrink-0 text-sm text-muted-foreground">
                  {t('facts.deliveredBy', { number: count(facts.pageAttempts[index]) })}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
        <p className="flex flex-col gap-0.5 pt-2">
          <span className="text-sm font-medium text-muted-foreground">{t('facts.imageHash')}</span>
          <Code>{facts.imageSha256}</Code>
        </p>
      </div>
    </div>
  );
}

/** Ids and hashes: monospace, never translated, and broken anywhere so that a phone's width holds them. */
function Code({ children }: { children: string }) {
  return (
    <code translate="no" className="font-mono text-sm break-all">
      {children}
    </code>
  );
}

/** A number or station id stays on one line when it can ("+1 555 010 / 0000" reads badly). */
function Phone({ children }: { children: string }) {
  return (
    <span translate="no" className="whitespace-nowrap">
      {children}
    </span>
  );
}
