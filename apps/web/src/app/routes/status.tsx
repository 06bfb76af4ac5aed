import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';
import { Loading, LoadFailed } from '@/components/ui/query-states';
import { usePublicStatus } from '@/features/delivery-record/api/get-public-status';
import { DeliveryFigures } from '@/features/delivery-record/components/delivery-figures';
import { StatusIncidents } from '@/features/delivery-record/components/status-incidents';
import { useDateFormat } from '@/lib/use-date-format';
import { useDocumentMeta } from '@/lib/use-document-meta';

const RULES = ['ended', 'delivered', 'accepted', 'attempts', 'api'] as const;

/**
 * /status (decision 122): the delivery record, live from the faxes' rows, per line and overall over 24 hours, 7 and 30
 * days, how it is counted, and the incident and maintenance notices of the last 30 days. Anyone may read it.
 */
export default function StatusRoute() {
  const { t, i18n } = useTranslation('delivery-record');
  useDocumentMeta({ title: t('meta.title'), description: t('meta.description') });
  const status = usePublicStatus(i18n.language);
  const { dateTime } = useDateFormat();

  return (
    <>
      <PageHeader title={t('heading')} intro={t('intro')}>
        {status.data ? (
          <p className="text-sm text-muted-foreground">{t('computedAt', { time: dateTime(status.data.computedAt) })}</p>
        ) : null}
      </PageHeader>
      <section aria-labelledby="delivery-figures" className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-12">
        <h2 id="delivery-figures" className="text-3xl font-bold tracking-tight">
          {t('figures.heading')}
        </h2>
        {status.isPending ? <Loading>{t('loading')}</Loading> : null}
        {status.isError ? (
          <LoadFailed title={t('failed')} error={status.error} retryLabel={t('retry')} onRetry={() => void status.refetch()} />
        ) : null}
        {status.data ? <DeliveryFigures record={status.data} /> : null}
      </section>
      {status.data ? (
        <PageSection id="incidents" title={t('incidents.heading')}>
          <StatusIncidents incidents={status.data.incidents} />
        </PageSection>
      ) : null}
      <PageSection id="how-it-is-counted" title={t('rules.heading')} tinted>
        <ul className="flex max-w-3xl list-disc flex-col gap-2 pl-6">
          {RULES.map((rule) => (
            <li key={rule}>{t(`rules.${rule}`)}</li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}
