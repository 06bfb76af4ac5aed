import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CreditCardIcon, PauseIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useDateFormat } from '@/lib/use-date-format';

import { usePaymentFailure } from '../api/get-payment-failure';

const linkClass = 'font-medium underline underline-offset-4 hover:no-underline';

/**
 * Above every /user page while a payment of the account's plan has failed (decision 085), as the server says it:
 * those who can pay read when sending pauses (or that it has) and go to /user/billing; the other members read only
 * that sending is paused, when it is. Its texts are the user area's, loaded with the layout.
 */
export function PaymentFailedBanner() {
  const { t } = useTranslation('user');
  const dates = useDateFormat();
  const failure = usePaymentFailure().data?.failure;
  if (!failure) return null;
  const { graceEndsAt, sendingPaused } = failure;

  if (graceEndsAt === null) {
    if (!sendingPaused) return null;
    return (
      <div role="status" className="flex gap-3 border-b border-amber-400 bg-amber-50 px-4 py-3 text-amber-950 md:px-6">
        <PauseIcon className="mt-0.5 shrink-0" />
        <p>{t('paymentBanner.pausedForMembers')}</p>
      </div>
    );
  }

  const billingLink = <Link to={paths.user.billing.getHref()} className={linkClass} />;
  return (
    <div role="status" className="flex gap-3 border-b border-destructive/40 bg-destructive/10 px-4 py-3 md:px-6">
      <CreditCardIcon className="mt-0.5 shrink-0 text-destructive" />
      <div className="space-y-1">
        <p className="font-semibold">{t(sendingPaused ? 'paymentBanner.pausedTitle' : 'paymentBanner.graceTitle')}</p>
        <p>
          <Trans
            t={t}
            i18nKey={sendingPaused ? 'paymentBanner.pausedBody' : 'paymentBanner.graceBody'}
            values={{ date: dates.dateTime(graceEndsAt) }}
            components={{ billingLink }}
          />
        </p>
      </div>
    </div>
  );
}
