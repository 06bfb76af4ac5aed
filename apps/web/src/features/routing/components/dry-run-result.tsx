import {
  formatPhoneInternational,
  type TConditionVerdict,
  type TDryRunFax,
  type TDryRunResult,
  type TRuleCondition,
} from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import { useDateFormat } from '@/lib/use-date-format';

type TDryRunResultProps = {
  result: TDryRunResult;
  /** A condition in words, as the rule's summary says it. */
  conditionText: (condition: TRuleCondition) => string;
};

/**
 * What the rule would have done to the account's last received faxes: how many it would have placed, then each fax
 * with each condition's verdict (what the fax showed, met or not), and the earlier rule that took it first. A table
 * from tablet width up, cards on a phone.
 */
export function DryRunResult({ result, conditionText }: TDryRunResultProps) {
  const { t, i18n } = useTranslation('routing');
  const number = new Intl.NumberFormat(i18n.language);
  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3 rounded-md border bg-muted/30 p-3 sm:p-4">
      <h3 id={titleId} className="font-semibold">
        {t('dryRun.title')}
      </h3>
      <p role="status" className="text-sm font-medium" data-testid="dry-run-count">
        {result.examined === 0
          ? t('dryRun.noFaxes')
          : t('dryRun.placed', { count: result.examined, placed: number.format(result.placed), examined: number.format(result.examined) })}
      </p>
      {result.faxes.length > 0 ? (
        <>
          <FaxTable faxes={result.faxes} conditionText={conditionText} />
          <ul aria-label={t('dryRun.faxesLabel')} className="flex min-w-0 flex-col gap-3 sm:hidden">
            {result.faxes.map((fax) => (
              <FaxCard key={fax.id} fax={fax} conditionText={conditionText} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

type TFaxProps = { fax: TDryRunFax; conditionText: (condition: TRuleCondition) => string };

/** The faxes as a table, from tablet width up. */
function FaxTable({ faxes, conditionText }: { faxes: readonly TDryRunFax[]; conditionText: TFaxProps['conditionText'] }) {
  const { t } = useTranslation('routing');
  const dates = useDateFormat();
  const cell = 'px-3 py-2 align-top';
  return (
    <ScrollTable label={t('dryRun.faxesLabel')} captioned className="hidden bg-background sm:block" tableClassName="min-w-[40rem]">
      <TableHead>
        <tr>
          <HeaderCell>{t('dryRun.columns.date')}</HeaderCell>
          <HeaderCell>{t('dryRun.columns.from')}</HeaderCell>
          <HeaderCell>{t('dryRun.columns.to')}</HeaderCell>
          <HeaderCell className="text-right">{t('dryRun.columns.pages')}</HeaderCell>
          <HeaderCell>{t('dryRun.columns.matched')}</HeaderCell>
          <HeaderCell className="min-w-56">{t('dryRun.columns.conditions')}</HeaderCell>
        </tr>
      </TableHead>
      <tbody className="divide-y">
        {faxes.map((fax) => (
          <tr key={fax.id}>
            <td className={cell}>
              <time dateTime={fax.createdAt}>{dates.dateTime(fax.createdAt)}</time>
            </td>
            <td className={cell}>
              <PhoneNumber value={fax.fromNumber} />
            </td>
            <td className={cell}>
              <PhoneNumber value={fax.toNumber} />
            </td>
            <td className={`${cell} text-right`}>
              <Pages value={fax.pages} />
            </td>
            <td className={cell}>
              <Matched fax={fax} />
            </td>
            <td className={cell}>
              <Verdicts verdicts={fax.verdicts} conditionText={conditionText} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** One fax as a card, at phone width. */
function FaxCard({ fax, conditionText }: TFaxProps) {
  const { t } = useTranslation('routing');
  const dates = useDateFormat();
  const row = 'grid grid-cols-[6rem_minmax(0,1fr)] gap-x-3';
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-md border bg-background p-3 text-sm">
      <dl className="flex min-w-0 flex-col gap-1">
        <div className={row}>
          <dt className="text-muted-foreground">{t('dryRun.columns.matched')}</dt>
          <dd>
            <Matched fax={fax} />
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted-foreground">{t('dryRun.columns.date')}</dt>
          <dd>
            <time dateTime={fax.createdAt}>{dates.dateTime(fax.createdAt)}</time>
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted-foreground">{t('dryRun.columns.from')}</dt>
          <dd>
            <PhoneNumber value={fax.fromNumber} />
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted-foreground">{t('dryRun.columns.to')}</dt>
          <dd>
            <PhoneNumber value={fax.toNumber} />
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted-foreground">{t('dryRun.columns.pages')}</dt>
          <dd>
            <Pages value={fax.pages} />
          </dd>
        </div>
      </dl>
      <Verdicts verdicts={fax.verdicts} conditionText={conditionText} />
    </li>
  );
}

function PhoneNumber({ value }: { value: string | null }) {
  const { t } = useTranslation('routing');
  return value ? (
    <span translate="no" className="whitespace-nowrap">
      {formatPhoneInternational(value)}
    </span>
  ) : (
    <span className="text-muted-foreground">{t('dryRun.unknown')}</span>
  );
}

function Pages({ value }: { value: number | null }) {
  const { t, i18n } = useTranslation('routing');
  return value === null ? (
    <span className="text-muted-foreground">{t('dryRun.unknown')}</span>
  ) : (
    new Intl.NumberFormat(i18n.language).format(value)
  );
}

/** Matched or not, in words (not colour alone), and the earlier rule that would take the fax first. */
function Matched({ fax }: { fax: TDryRunFax }) {
  const { t } = useTranslation('routing');
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant={fax.matched ? 'success' : 'muted'}>{fax.matched ? t('dryRun.matched') : t('dryRun.notMatched')}</Badge>
      {fax.takenBy ? <span className="text-xs text-muted-foreground">{t('dryRun.takenBy', { name: fax.takenBy.ruleName })}</span> : null}
    </div>
  );
}

/** Each condition as the fax met it: the condition, what the fax showed, met or not. */
function Verdicts({ verdicts, conditionText }: { verdicts: readonly TConditionVerdict[]; conditionText: TFaxProps['conditionText'] }) {
  const { t } = useTranslation('routing');
  return (
    <ul className="flex min-w-0 flex-col gap-1">
      {verdicts.map((verdict, index) => (
        <li key={index} className="flex min-w-0 flex-col text-sm" data-met={verdict.met}>
          <span className="break-words">{conditionText(verdict.condition)}</span>
          <span className="text-xs break-words">
            <span className={verdict.met ? 'font-medium text-emerald-800' : 'font-medium text-red-800'}>
              {verdict.met ? t('dryRun.met') : t('dryRun.notMet')}
            </span>
            {' · '}
            {t('dryRun.observed', { value: verdict.observed ?? t('dryRun.unknown') })}
          </span>
        </li>
      ))}
    </ul>
  );
}
