import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

import { useAccountDeliveryRecord } from '../api/get-account-delivery-record';
import { DeliveryFigures } from './delivery-figures';

/**
 * The dashboard's delivery record (decision 122): the same figures as /status, of the account's sent faxes (a User's
 * own), with a link to everyone's.
 */
export function AccountDeliveryCard() {
  const { t } = useTranslation('delivery-record');
  const headingId = useId();
  const record = useAccountDeliveryRecord();

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4 rounded-lg border bg-background p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('dashboard.title')}
        </h2>
        <Link to={paths.status.getHref()} className="text-sm font-medium text-primary underline underline-offset-4 hover:no-underline">
          {t('dashboard.public')}
        </Link>
      </div>
      {record.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : null}
      {record.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-destructive">{t('failed')}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void record.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
      {record.data ? (
        <>
          <p className="text-sm text-muted-foreground">{t(record.data.scope === 'account' ? 'dashboard.account' : 'dashboard.own')}</p>
          <DeliveryFigures record={record.data} />
        </>
      ) : null}
    </section>
  );
}
