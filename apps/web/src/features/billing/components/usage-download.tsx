import { ZUsageCsvQuery, type TUsageCsvQuery } from '@faxline/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ChoiceSwitch } from '@/components/ui/choice-switch';
import { FieldProblem, FormField } from '@/components/ui/form-field';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useUsage } from '@/lib/account/get-usage';

import { usageCsvUrl } from '../api/get-usage-csv';
import { usagePeriods } from '../utils/usage-periods';

type TPeriodChoice = 'current' | 'last' | 'custom';

/** The usage ledger of a period as CSV (every page charged, with a total): this period, the last one, or chosen days. */
export function UsageDownload({ className }: { className: string }) {
  const { t } = useTranslation(['billing', 'messages']);
  const usage = useUsage();
  const headingId = useId();
  const problemId = useId();
  const [choice, setChoice] = useState<TPeriodChoice>('current');
  const [custom, setCustom] = useState<TUsageCsvQuery>({ from: '', to: '' });

  const periods = usage.data ? usagePeriods(usage.data) : null;
  const chosen = choice === 'custom' ? custom : periods?.[choice];
  const checked = chosen ? ZUsageCsvQuery.safeParse(chosen) : null;
  const problem =
    choice === 'custom' && checked && !checked.success && custom.from && custom.to ? checked.error.issues[0]?.message : undefined;

  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('usage.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('usage.intro')}</p>
      </div>
      {usage.isPending ? <Loading>{t('usage.loading')}</Loading> : null}
      {usage.isError ? (
        <LoadFailed title={t('usage.loadFailed')} error={usage.error} retryLabel={t('retry')} onRetry={() => void usage.refetch()} />
      ) : null}
      {periods ? (
        <>
          <ChoiceSwitch
            legend={t('usage.period')}
            align="start"
            value={choice}
            onChange={setChoice}
            options={[
              { value: 'current', label: t('usage.current') },
              { value: 'last', label: t('usage.last') },
              { value: 'custom', label: t('usage.custom') },
            ]}
          />
          {choice === 'custom' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                type="date"
                label={t('usage.from')}
                value={custom.from}
                onChange={(event) => setCustom({ ...custom, from: event.target.value })}
                aria-describedby={problem ? problemId : undefined}
                aria-invalid={Boolean(problem)}
                required
              />
              <FormField
                type="date"
                label={t('usage.to')}
                value={custom.to}
                onChange={(event) => setCustom({ ...custom, to: event.target.value })}
                aria-describedby={problem ? problemId : undefined}
                aria-invalid={Boolean(problem)}
                required
              />
            </div>
          ) : null}
          <FieldProblem id={problemId}>{problem ? t(`messages:${problem}` as 'messages:validation.usageDate') : null}</FieldProblem>
          <div>
            {chosen && checked?.success ? (
              <Button asChild variant="outline">
                <a href={usageCsvUrl(chosen)} download>
                  {t('usage.download')}
                </a>
              </Button>
            ) : (
              <Button variant="outline" disabled>
                {t('usage.download')}
              </Button>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}
