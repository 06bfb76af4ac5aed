import { roleMay } from '@faxline/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { baaPdfUrl, useBaa } from '../api/baa';

import { BaaDialog } from './baa-dialog';

/**
 * The account's business associate agreements (decision 090): whether the version in force is signed, each signature
 * with its PDF to download (owner and Billing), and for the owner the way to sign it before choosing a HIPAA plan.
 */
export function BaaAgreements({ className }: { className: string }) {
  const { t, i18n } = useTranslation('billing');
  const dates = useDateFormat();
  const headingId = useId();
  const baa = useBaa(i18n.language);
  const role = useAccountSummary().data?.role;
  const [signing, setSigning] = useState(false);
  const maySign = role ? roleMay(role, 'signAgreements') : false;

  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="flex flex-col gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('baa.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('baa.about')}</p>
      </div>
      {baa.isPending ? <Loading>{t('baa.loading')}</Loading> : null}
      {baa.isError ? (
        <LoadFailed title={t('baa.loadFailed')} error={baa.error} retryLabel={t('retry')} onRetry={() => void baa.refetch()} />
      ) : null}
      {baa.data ? (
        <>
          <p className="text-sm">
            {baa.data.signedCurrent
              ? t('baa.signedCurrent', { version: baa.data.version })
              : t(maySign ? 'baa.unsignedOwner' : 'baa.unsignedOther', { version: baa.data.version })}
          </p>
          {baa.data.signatures.length ? (
            <ul className="flex flex-col gap-2">
              {baa.data.signatures.map((signature) => (
                <li key={signature.id} className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-2 text-sm">
                  <span>
                    {t('baa.signatureLine', {
                      name: signature.signerName,
                      title: signature.signerTitle,
                      organisation: signature.organisation,
                      date: dates.date(signature.signedAt, 'long'),
                      version: signature.version,
                    })}
                  </span>
                  <a
                    href={baaPdfUrl(signature.id)}
                    download
                    aria-label={t('baa.downloadLabel', { version: signature.version, date: dates.date(signature.signedAt, 'long') })}
                    className="font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                  >
                    {t('baa.download')}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {maySign && !baa.data.signedCurrent ? (
            <div>
              <Button type="button" onClick={() => setSigning(true)}>
                {t('baa.readAndSign')}
              </Button>
            </div>
          ) : null}
          {signing ? (
            <BaaDialog
              agreement={baa.data}
              onClose={() => setSigning(false)}
              onSigned={() => {
                setSigning(false);
                toast({ title: t('baa.signedToast'), description: t('baa.signedToastBody') });
              }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
