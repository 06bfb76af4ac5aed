import type { TBillingInterval, TPlan, TPlanChangePreview } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format-money';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';
import { useLanguage } from '@/lib/use-language';

import { changePlan, useBillingChange, usePlanChangePreview } from '../api/change-plan';

type TPlanChangeDialogProps = { plan: Pick<TPlan, 'id' | 'name'>; interval: TBillingInterval; onClose: () => void };

/**
 * The confirmation of a change of plan, with what the provider computes for it: an upgrade's lines and the total charged
 * now, or a downgrade's date. Confirming sends back the amount and moment shown, so the charge is the one read here; if
 * the amount has moved since, the server refuses and nothing is charged.
 */
export function PlanChangeDialog({ plan, interval, onClose }: TPlanChangeDialogProps) {
  const { t } = useTranslation(['billing', 'errors']);
  const dates = useDateFormat();
  const preview = usePlanChangePreview({ planId: plan.id, interval });
  const change = useBillingChange(changePlan);
  const quote = preview.data;
  const names = { plan: plan.name, interval: t(`interval.${interval}`) };
  const later = quote?.timing === 'periodEnd';
  const { language } = useLanguage();
  const money = (cents: number) => formatMoney(cents, quote?.currency ?? 'USD', language);

  const confirm = async () => {
    if (preview.isError) return void preview.refetch();
    if (!quote) return;
    try {
      await change.mutateAsync({ planId: plan.id, interval, expectedAmountCents: quote.amountDueCents, quotedAt: quote.quotedAt });
      const date = dates.date(quote.startsAt, 'long');
      toast(
        later
          ? { title: t('change.doneLater'), description: t('change.doneLaterBody', { plan: plan.name, date }) }
          : { title: t('change.doneNow'), description: t('change.doneNowBody', { plan: plan.name }) },
      );
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('change.failed'), description, variant: 'destructive' });
    }
    onClose();
  };

  const description = preview.isError
    ? t('change.previewFailed')
    : !quote
      ? t('change.previewing')
      : later
        ? t('change.laterIntro', { date: dates.date(quote.startsAt, 'long'), plan: plan.name })
        : t('change.nowIntro');
  const confirmLabel = preview.isError
    ? t('retry')
    : !quote
      ? t('change.previewing')
      : later
        ? t('change.confirmLater')
        : t('change.confirmNow', { amount: money(quote.amountDueCents) });

  return (
    <ConfirmDialog
      title={t(later ? 'change.titleLater' : 'change.titleNow', names)}
      description={description}
      cancelLabel={t('change.cancel')}
      confirmLabel={confirmLabel}
      pendingLabel={t('change.working')}
      pending={change.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {quote && !later ? <QuoteLines quote={quote} money={money} planLabel={t('change.newPlanLine', names)} /> : null}
    </ConfirmDialog>
  );
}

type TQuoteLinesProps = { quote: TPlanChangePreview; money: (cents: number) => string; planLabel: string };

/** The provider's lines in the reader's words: a credit is the unused time of the current plan, a charge the new plan's. */
function QuoteLines({ quote, money, planLabel }: TQuoteLinesProps) {
  const { t } = useTranslation('billing');
  return (
    <table className="w-full text-sm">
      <thead className="sr-only">
        <tr>
          <th scope="col">{t('change.line')}</th>
          <th scope="col">{t('change.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line, index) => (
          <tr key={index} className="border-b">
            <td className="py-2 pr-4">{line.amountCents < 0 ? t('change.creditLine') : planLabel}</td>
            <td className="py-2 text-right tabular-nums whitespace-nowrap">{money(line.amountCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-semibold">
          <th scope="row" className="py-2 pr-4 text-left">
            {t('change.total')}
          </th>
          <td className="py-2 text-right tabular-nums whitespace-nowrap">{money(quote.amountDueCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
