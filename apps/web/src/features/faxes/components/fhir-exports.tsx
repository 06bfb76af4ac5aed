import type { TFhirExport, TFhirExportStatus } from '@faxline/shared';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { useFaxFhirExports } from '../api/get-fax-fhir-exports';
import { fhirErrorWords } from '../utils/fhir-error';
import { useSendFaxToFhir } from '../api/send-fax-to-fhir';

const STATUS_BADGE: Record<TFhirExportStatus, { variant: 'muted' | 'success'; className?: string }> = {
  pending: { variant: 'muted' },
  sent: { variant: 'success' },
  // As the fax's own failure says it (fax-details-dialog.tsx).
  failed: { variant: 'muted', className: 'bg-red-100 text-red-900' },
};

/**
 * A received fax's export to the account's EHR (decision 105): the DocumentReference it became and under which
 * patient, or why it has not yet, and "Send to EHR". Nothing at all for an account with no EHR connected and
 * nothing sent. Its texts load on their own, so that the dialog does not wait for them.
 */
export function FhirExports({ faxId }: { faxId: string }) {
  return (
    <Suspense fallback={null}>
      <FhirExportsBlock faxId={faxId} />
    </Suspense>
  );
}

function FhirExportsBlock({ faxId }: { faxId: string }) {
  const { t } = useTranslation(['fhir', 'errors']);
  const id = useId();
  const exports = useFaxFhirExports(faxId);
  const send = useSendFaxToFhir();

  if (exports.isPending) return null;
  if (exports.isError)
    return (
      <LoadFailed
        title={t('fax.loadFailed')}
        error={exports.error}
        retryLabel={t('settings.retry')}
        onRetry={() => void exports.refetch()}
      />
    );
  const { exports: items, canSend } = exports.data;
  if (items.length === 0 && !canSend) return null;
  // One DocumentReference per fax: sent again only once its tries have failed (or were lost).
  const sendable = canSend && items.every((item) => item.status === 'failed' || item.stalled);

  const sendNow = async () => {
    try {
      await send.mutateAsync(faxId);
      toast({ title: t('fax.queuedTitle'), description: t('fax.queuedDescription') });
    } catch (error) {
      toast({
        title: t('fax.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3 rounded-md border p-3 text-sm">
      <h3 id={`${id}-title`} className="font-medium">
        {t('fax.title')}
      </h3>
      {items.length === 0 ? (
        <p className="text-muted-foreground">{t('fax.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-live="polite">
          {items.map((item) => (
            <ExportLine key={item.createdAt} item={item} />
          ))}
        </ul>
      )}
      {sendable ? (
        <Button type="button" variant="outline" className="self-start" disabled={send.isPending} onClick={() => void sendNow()}>
          {send.isPending ? t('fax.sending') : items.length > 0 ? t('fax.sendAgain') : t('fax.send')}
        </Button>
      ) : null}
    </section>
  );
}

function ExportLine({ item }: { item: TFhirExport }) {
  const { t } = useTranslation('fhir');
  const { t: tFaxes } = useTranslation('faxes');
  const dates = useDateFormat();
  return (
    <li className="flex min-w-0 flex-col gap-1">
      <p className="flex flex-wrap items-center gap-2">
        <Badge {...STATUS_BADGE[item.status]}>{t(`fax.status.${item.status}`)}</Badge>
        {item.resourceId ? (
          <span translate="no" className="font-mono text-xs break-all">
            {t('fax.resource', { id: item.resourceId })}
          </span>
        ) : null}
        <span className="text-xs text-muted-foreground">{t('fax.updated', { time: dates.dateTime(item.updatedAt) })}</span>
      </p>
      {item.patientReference ? (
        <p translate="no" className="break-all">
          {t('fax.patient', { reference: item.patientReference })}
        </p>
      ) : null}
      {item.patientToReview ? <p>{t('fax.patientToReview')}</p> : null}
      {item.status !== 'sent' && item.attempts > 0 ? (
        <p className="text-muted-foreground">{t('fax.tries', { count: item.attempts })}</p>
      ) : null}
      {item.status !== 'sent' && item.lastError ? (
        <p className="break-words text-destructive">{t('fax.lastError', { error: fhirErrorWords(tFaxes, item.lastError) })}</p>
      ) : null}
    </li>
  );
}
