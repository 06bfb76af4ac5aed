import type { TFaxQuote } from '@faxline/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format-money';

type TSendPriceProps = {
  /** The price of the send as the form stands; undefined while none is known. */
  quote: TFaxQuote | undefined;
  /** Why the send cannot be priced (a country Faxline does not send to): the server's words. */
  error: unknown;
};

/**
 * What the send costs beyond the plan, shown before sending when it costs anything (decision 096): the total, and per
 * destination the pages abroad and past the plan at their rates, in the reader's language and currency format. A send
 * within the plan and at home shows nothing.
 */
export function SendPrice({ quote, error }: TSendPriceProps) {
  const { t, i18n } = useTranslation('faxes');
  const countries = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const money = (cents: number) => formatMoney(cents, quote?.currency ?? 'USD', i18n.language);

  if (error instanceof ApiError && error.message) {
    return (
      <div role="alert" className="rounded-lg border border-l-4 border-l-destructive p-4">
        <p className="font-medium">{t('send.price.refusedTitle')}</p>
        <p className="text-sm text-muted-foreground">{error.message}</p>
      </div>
    );
  }
  if (!quote || quote.totalCents === 0) return null;
  return (
    <section aria-labelledby="send-price-title" className="flex flex-col gap-2 rounded-lg border border-l-4 border-l-primary p-4">
      <h2 id="send-price-title" className="font-semibold">
        {t('send.price.title')}
      </h2>
      <p className="text-lg font-semibold">{t('send.price.total', { price: money(quote.totalCents) })}</p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
        {quote.recipients.flatMap((recipient) => [
          recipient.internationalCentsPerPage !== null ? (
            <li key={`${recipient.number}-international`}>
              {t('send.price.international', {
                count: recipient.pages,
                country: recipient.country ? (countries.of(recipient.country) ?? recipient.country) : recipient.number,
                rate: money(recipient.internationalCentsPerPage),
              })}
            </li>
          ) : null,
          recipient.overagePages > 0 && recipient.overageCentsPerPage !== null ? (
            <li key={`${recipient.number}-overage`}>
              {t('send.price.overage', { count: recipient.overagePages, rate: money(recipient.overageCentsPerPage) })}
            </li>
          ) : null,
        ])}
      </ul>
      {quote.pagesKnown ? null : <p className="text-sm text-muted-foreground">{t('send.price.pagesLater')}</p>}
      <p className="text-sm text-muted-foreground">{t('send.price.note')}</p>
    </section>
  );
}
