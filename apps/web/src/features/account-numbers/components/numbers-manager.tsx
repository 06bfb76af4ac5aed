import { formatPhoneInternational } from '@faxline/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { formatMoney } from '@/lib/format-money';
import { useInboxes } from '@/lib/inboxes/get-inboxes';

import { useAccountNumbers } from '../api/get-account-numbers';

import { NumberRow } from './number-row';
import { NumberSearch } from './number-search';

/**
 * The owner's numbers (decision 112): what the plan includes and what one more costs, each number with its inbox and
 * station id and a release, then the search that adds one.
 */
export function NumbersManager() {
  const { t, i18n } = useTranslation('account-numbers');
  const numbers = useAccountNumbers();
  const inboxes = useInboxes();
  const heading = useRef<HTMLHeadingElement>(null);

  const failed = [numbers, inboxes].find((query) => query.isError);
  if (failed)
    return (
      <LoadFailed
        title={t('list.loadFailed')}
        error={failed.error}
        retryLabel={t('list.retry')}
        onRetry={() => void Promise.all([numbers.refetch(), inboxes.refetch()])}
      />
    );
  if (!numbers.data || !inboxes.data) return <Loading>{t('list.loading')}</Loading>;

  const { allowance, quarantineDays } = numbers.data;
  const held = numbers.data.numbers;
  const extraPrice =
    allowance.extraCentsPerMonth === null ? null : formatMoney(allowance.extraCentsPerMonth, allowance.currency, i18n.language);

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <section aria-labelledby="numbers-held" className="flex min-w-0 flex-col gap-4 rounded-lg border p-4 sm:p-6">
        <h2 id="numbers-held" ref={heading} tabIndex={-1} className="text-xl font-semibold">
          {t('list.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('list.allowance', { count: allowance.included, plan: allowance.plan, held: held.length })}{' '}
          {extraPrice ? t('list.extraPrice', { price: extraPrice }) : t('list.noExtra')}
        </p>
        {held.length === 0 ? (
          <p className="rounded-md border border-dashed p-3 text-sm">{t('list.empty')}</p>
        ) : (
          <ul className="flex min-w-0 flex-col gap-3" aria-label={t('list.title')}>
            {held.map((number) => (
              <NumberRow
                key={number.id}
                number={number}
                inboxes={inboxes.data.inboxes}
                extraPrice={extraPrice}
                quarantineDays={quarantineDays}
                label={formatPhoneInternational(number.phoneNumber)}
                onReleased={() => heading.current?.focus()}
              />
            ))}
          </ul>
        )}
      </section>
      <NumberSearch full={held.length >= allowance.included} extraPrice={extraPrice} included={allowance.included} />
    </div>
  );
}
