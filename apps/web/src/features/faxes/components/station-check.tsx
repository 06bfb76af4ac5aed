import type { TFaxDetails } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

import { useRememberStation } from '../api/remember-station';

/**
 * A sent fax's wrong-number check (decision 121), shown above its facts: what the machine announced against what was
 * expected; a mismatch in the words and border of a warning. After a first delivery to a contact without a station id,
 * the offer to remember the one announced.
 */
export function StationCheck({ fax }: { fax: TFaxDetails }) {
  const { t } = useTranslation('station-ids');
  const remember = useRememberStation();
  const check = fax.stationCheck;
  if (!check) return null;
  const ids = { expected: check.expected ?? '', announced: check.announced ?? '' };
  const wrongStation = fax.failureReason === 'wrong_station';
  const mismatch = check.result === 'mismatch' || wrongStation;
  // Nothing to say of a fax not yet called that expects nothing.
  if (!check.expected && !check.announced && !fax.stationOffer) return null;

  const sentence =
    check.result === 'match'
      ? t('check.match', ids)
      : mismatch
        ? check.announced
          ? fax.status === 'failed'
            ? t('check.mismatch', ids)
            : t('check.mismatchDelivered', ids)
          : t('check.mismatchUnknown', ids)
        : check.expected
          ? t('check.notReported', ids)
          : `${t('check.notChecked')} ${check.announced ? t('check.announced', ids) : ''}`.trim();

  const offer = fax.stationOffer;
  const keep = async () => {
    if (!offer || remember.isPending) return;
    try {
      await remember.mutateAsync(fax.id);
      toast({ title: t('offer.doneTitle'), description: t('offer.doneDescription', { contact: offer.contactName, id: offer.stationId }) });
    } catch (error) {
      toast({ title: t('offer.failedTitle'), description: error instanceof ApiError ? error.message : '', variant: 'destructive' });
    }
  };

  return (
    <section
      aria-labelledby="fax-station-heading"
      className={cn('flex flex-col gap-2 rounded-md border p-3 text-sm', mismatch && 'border-l-4 border-l-destructive')}
    >
      <h3 id="fax-station-heading" className="font-semibold">
        {t('check.title')}
      </h3>
      <p role={mismatch ? 'alert' : undefined}>{sentence}</p>
      {offer ? (
        <div className="flex flex-col items-start gap-2">
          <p>{t('offer.text', { contact: offer.contactName })}</p>
          <Button type="button" size="sm" variant="outline" disabled={remember.isPending} onClick={() => void keep()}>
            {remember.isPending ? t('offer.saving') : t('offer.button', { id: offer.stationId, contact: offer.contactName })}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
