import { useTranslation } from 'react-i18next';

import { PageSection } from '@/components/ui/page-section';
import { formatMoney } from '@/lib/format-money';
import { useLanguage } from '@/lib/use-language';

// Spec 000 §9: indicative rates, in US cents per page.
const RATES = [
  { key: 'uk', cents: 5 },
  { key: 'germany', cents: 6 },
] as const;

/** /support#international-rates: the indicative rate per page to a few countries, in the page's language. */
export function InternationalRates() {
  const { t } = useTranslation('help');
  const { language } = useLanguage();

  return (
    <PageSection id="international-rates" title={t('support.rates.heading')} intro={t('support.rates.intro')} tinted>
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
            {RATES.map(({ key, cents }) => (
              <tr key={key}>
                <th scope="row" className="px-4 py-3 font-normal">
                  {t(`support.rates.${key}`)}
                </th>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(cents, 'USD', language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="max-w-3xl text-muted-foreground">{t('support.rates.note')}</p>
    </PageSection>
  );
}
