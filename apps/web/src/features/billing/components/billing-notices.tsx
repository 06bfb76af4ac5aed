import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CheckCircleIcon, FlaskIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

import type { TCheckoutReturn } from '../utils/subscription-state';

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';
const contactLink = <Link to={paths.contact.getHref()} className={linkClass} />;

/** Payments here go to a simulator or the provider's test mode: said before anyone pays for anything. */
export function TestModeNotice() {
  const { t } = useTranslation('billing');
  return (
    <div role="note" className="flex gap-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-4 text-amber-950">
      <FlaskIcon className="mt-0.5" />
      <p>
        <Trans t={t} i18nKey="testMode" components={{ strong: <strong /> }} />
      </p>
    </div>
  );
}

/** No payment provider on this server: the team assigns plans, and the contact page reaches it. */
export function PaymentOffNotice() {
  const { t } = useTranslation('billing');
  return (
    <div
      role="note"
      className="flex flex-col gap-1 rounded-lg border border-l-4 border-l-primary bg-accent px-4 py-3 text-accent-foreground"
    >
      <p className="font-semibold">{t('off.title')}</p>
      <p>
        <Trans t={t} i18nKey="off.body" components={{ contactLink }} />
      </p>
    </div>
  );
}

type TCheckoutReturnNoticeProps = {
  returned: TCheckoutReturn;
  /** Still asking whether the provider has confirmed the payment. */
  waiting: boolean;
  confirmed: boolean;
};

/** What the person is told on coming back from the payment page, paid or not. */
export function CheckoutReturnNotice({ returned, waiting, confirmed }: TCheckoutReturnNoticeProps) {
  const { t } = useTranslation('billing');
  if (returned === 'cancelled') {
    return (
      <p role="status" className="rounded-lg border border-dashed p-4">
        {t('checkout.cancelled')}
      </p>
    );
  }
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-l-4 border-l-primary bg-accent p-4 text-accent-foreground">
      <CheckCircleIcon className="mt-0.5" />
      <div className="flex flex-col gap-1">
        {/* Once the provider's webhook has confirmed it, the page says so rather than that it is still to come. */}
        <p className="font-medium">{t(confirmed ? 'checkout.confirmed' : 'checkout.done')}</p>
        {!waiting && !confirmed ? (
          <p>
            <Trans t={t} i18nKey="checkout.late" components={{ contactLink }} />
          </p>
        ) : null}
      </div>
    </div>
  );
}
