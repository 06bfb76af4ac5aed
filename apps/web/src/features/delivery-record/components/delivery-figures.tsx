import type { TDeliveryRecord, TDeliveryWindowFigures, TDurationPercentiles } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

import { count, formatRatio, formatShare, formatWait } from '../utils/format-figures';
import { LineFigures } from './line-figures';

type TDeliveryFiguresProps = {
  record: TDeliveryRecord;
  /** Whether the table per line follows the figures of all lines. */
  showLines?: boolean;
};

/**
 * The delivery record's figures, one tab per period (24 hours first): four figures of all lines, then one row per line
 * that carried faxes in the period.
 */
export function DeliveryFigures({ record, showLines = true }: TDeliveryFiguresProps) {
  const { t } = useTranslation('delivery-record');
  return (
    <Tabs defaultValue={record.windows[0]?.window ?? '24h'} className="flex flex-col gap-6">
      <TabsList aria-label={t('windows.label')}>
        {record.windows.map((w) => (
          <TabsTrigger key={w.window} value={w.window}>
            {t(`windows.${w.window}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {record.windows.map((w) => (
        <TabsContent key={w.window} value={w.window} className="flex flex-col gap-6">
          <WindowFigures figures={w} anchor={record.attemptsAnchor} showLines={showLines} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

function WindowFigures({ figures, anchor, showLines }: { figures: TDeliveryWindowFigures; anchor: number; showLines: boolean }) {
  const { t, i18n } = useTranslation('delivery-record');
  const language = i18n.language;
  const { overall } = figures;
  const windowName = t(`windows.${figures.window}`);
  if (overall.faxes === 0) return <p className="text-muted-foreground">{t('figures.none')}</p>;

  return (
    <>
      <dl aria-label={t('figures.label', { window: windowName })} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          title={t('figures.firstTry.title')}
          value={formatShare(overall.firstTryShare, language) ?? t('figures.noValue')}
          details={[
            t('figures.firstTry.detail', {
              count: overall.faxes,
              delivered: count(overall.deliveredFirstTry, language),
              faxes: count(overall.faxes, language),
            }),
          ]}
        />
        <Figure
          title={t('figures.attempts.title')}
          value={formatRatio(overall.attemptsPerDelivered, language) ?? t('figures.noValue')}
          details={[
            t('figures.attempts.anchor', { anchor: formatRatio(anchor, language) }),
            t('figures.attempts.detail', {
              attempts: count(overall.deliveredAttempts, language),
              delivered: count(overall.delivered, language),
            }),
          ]}
        />
        <WaitFigure title={t('figures.dialling.title')} wait={overall.acceptedToDialling} />
        <WaitFigure title={t('figures.delivered.title')} wait={overall.acceptedToDelivered} />
      </dl>
      {showLines && figures.lines.length > 0 ? <LineFigures window={figures.window} lines={figures.lines} /> : null}
    </>
  );
}

function Figure({ title, value, details }: { title: string; value: string; details: string[] }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border bg-background p-4">
      <dt className="text-sm font-medium text-muted-foreground">{title}</dt>
      <dd className="text-3xl font-bold tracking-tight">{value}</dd>
      {details.map((detail) => (
        <dd key={detail} className="text-sm text-muted-foreground">
          {detail}
        </dd>
      ))}
    </div>
  );
}

function WaitFigure({ title, wait }: { title: string; wait: TDurationPercentiles | null }) {
  const { t, i18n } = useTranslation('delivery-record');
  if (!wait) return <Figure title={title} value={t('figures.noValue')} details={[]} />;
  return (
    <Figure
      title={title}
      value={formatWait(wait.p50Ms, i18n.language)}
      // The figure shown large is the median; the detail says so, and what 95% of faxes stayed within.
      details={[t('figures.median'), t('figures.p95', { value: formatWait(wait.p95Ms, i18n.language) })]}
    />
  );
}
