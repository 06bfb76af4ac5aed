import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { PageSection } from '@/components/ui/page-section';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { formatMoney } from '@/lib/format-money';
import { useLanguage } from '@/lib/use-language';

import { usePublicInternationalRates } from '../api/get-international-rates';

/**
 * /support#international-rates: the rate per page to each country, read from the table a fax is charged by (decision
 * 096), with the country's name and the price in the page's language.
 */
export function InternationalRates() {
  const { t } = useTranslation('help');
  const { language } = useLanguage();
  const rates = usePublicInternationalRates();
  const names = useMemo(() => new Intl.DisplayNames([language], { type: 'region' }), [language]);
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(language);
    const nameOf = (code: string) => names.of(code) ?? code;
    return [...(rates.data?.rates ?? [])].sort((a, b) => collator.compare(nameOf(a.country), nameOf(b.country)));
  }, [rates.data, names, language]);

  const table = () => {
    if (rates.isPending) return <Loading>{t('support.rates.loading')}</Loading>;
    if (rates.isError)
      return (
        <LoadFailed
          title={t('support.rates.loadFailed')}
          error={rates.error}
          retryLabel={t('support.rates.retry')}
          onRetry={() => void rates.refetch()}
        />
      );
    return (
      <div className="max-w-xl overflow-x-auto rounded-lg border bg-background">
        <table className="w-full text-left">
          <caption className="sr-only">{t('support.rates.caption')}</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('support.rates.country')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                {t('support.rates.rate')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {sorted.map((rate) => (
              <tr key={rate.country}>
                <th scope="row" className="px-4 py-3 font-normal">
                  {names.of(rate.country) ?? rate.country} ({rate.callingCode})
                </th>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(rate.centsPerPage, rate.currency, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  };

  return (
    <PageSection id="international-rates" title={t('support.rates.heading')} intro={t('support.rates.intro')} tinted>
      {table()}
      <p className="max-w-3xl text-muted-foreground">{t('support.rates.note')}</p>
    </PageSection>
  );
}
