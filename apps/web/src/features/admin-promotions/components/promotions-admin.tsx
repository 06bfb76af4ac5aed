import { PROMOTION_NAME_MAX_LENGTH, PROMOTION_SCOPES, type TAdminPromotion, type TPromotionInput } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, FormProblem } from '@/components/ui/form-field';
import { SelectField, SelectOptions } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { promotionOffer } from '@/lib/promotions/promotion-terms';
import { toast } from '@/lib/toast';
import { useLanguage } from '@/lib/use-language';

import { useAdminPromotions, useCreatePromotion, useEndPromotion } from '../api/promotions';

const KINDS = ['percent', 'amount'] as const;
type TForm = {
  nameEn: string;
  nameEs: string;
  nameFr: string;
  kind: (typeof KINDS)[number];
  value: string;
  appliesTo: (typeof PROMOTION_SCOPES)[number];
  validFrom: string;
  validUntil: string;
  maxRedemptions: string;
};
const EMPTY: TForm = {
  nameEn: '',
  nameEs: '',
  nameFr: '',
  kind: 'percent',
  value: '',
  appliesTo: 'year',
  validFrom: '',
  validUntil: '',
  maxRedemptions: '',
};

/** A `datetime-local` value (the browser's time zone) as an ISO moment; empty stays empty, for the server to refuse. */
const isoOf = (local: string) => (local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : local);
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/** The request as typed: the server checks every field and answers in the operator's language. */
function inputOf(form: TForm): TPromotionInput {
  const value = numberOrNull(form.value);
  return {
    name: { en: form.nameEn, es: form.nameEs.trim() || null, fr: form.nameFr.trim() || null },
    percentOff: form.kind === 'percent' ? value : null,
    // Typed in the currency's units ("10.50"), sent in cents.
    amountOffCents: form.kind === 'amount' && value !== null ? Math.round(value * 100) : null,
    appliesTo: form.appliesTo,
    validFrom: isoOf(form.validFrom),
    validUntil: isoOf(form.validUntil),
    maxRedemptions: numberOrNull(form.maxRedemptions),
  };
}

/** What the provider's word and the dates say of a promotion now. */
function stateOf(promotion: TAdminPromotion, now: number): 'ended' | 'over' | 'usedUp' | 'scheduled' | 'inForce' {
  if (promotion.endedAt) return 'ended';
  if (Date.parse(promotion.validUntil) <= now) return 'over';
  if (promotion.maxRedemptions !== null && promotion.redemptions >= promotion.maxRedemptions) return 'usedUp';
  if (Date.parse(promotion.validFrom) > now) return 'scheduled';
  return 'inForce';
}

function PromotionForm() {
  const { t } = useTranslation('admin-promotions');
  const create = useCreatePromotion();
  const [form, setForm] = useState<TForm>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const set = <K extends keyof TForm>(key: K, value: TForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await create.mutateAsync(inputOf(form));
      toast({ title: t('created', { name: form.nameEn.trim() }) });
      setForm(EMPTY);
    } catch (error) {
      if (!(error instanceof ApiError)) return setProblem(t('unknownError'));
      const issues = error.issues?.map((issue) => issue.message) ?? [];
      setProblem(issues.length > 0 ? [...new Set(issues)].join(' ') : error.message);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-lg border p-6">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {t('form.heading')}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <FormField
          label={t('form.nameEn')}
          value={form.nameEn}
          maxLength={PROMOTION_NAME_MAX_LENGTH}
          required
          onChange={(e) => set('nameEn', e.target.value)}
        />
        <FormField
          label={t('form.nameEs')}
          lang="es"
          value={form.nameEs}
          maxLength={PROMOTION_NAME_MAX_LENGTH}
          onChange={(e) => set('nameEs', e.target.value)}
        />
        <FormField
          label={t('form.nameFr')}
          lang="fr"
          value={form.nameFr}
          maxLength={PROMOTION_NAME_MAX_LENGTH}
          onChange={(e) => set('nameFr', e.target.value)}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <SelectField
          id={`${id}-kind`}
          label={t('form.kind')}
          value={form.kind}
          onChange={(e) => set('kind', e.target.value as TForm['kind'])}
        >
          <SelectOptions values={KINDS} labelOf={(kind) => t(`form.kinds.${kind}`)} />
        </SelectField>
        <FormField
          label={form.kind === 'percent' ? t('form.percent') : t('form.amount')}
          inputMode="decimal"
          value={form.value}
          required
          onChange={(e) => set('value', e.target.value)}
        />
        <SelectField
          id={`${id}-scope`}
          label={t('form.appliesTo')}
          value={form.appliesTo}
          onChange={(e) => set('appliesTo', e.target.value as TForm['appliesTo'])}
        >
          <SelectOptions values={PROMOTION_SCOPES} labelOf={(scope) => t(`scopes.${scope}`)} />
        </SelectField>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <FormField
          label={t('form.validFrom')}
          type="datetime-local"
          value={form.validFrom}
          required
          onChange={(e) => set('validFrom', e.target.value)}
        />
        <FormField
          label={t('form.validUntil')}
          type="datetime-local"
          value={form.validUntil}
          required
          onChange={(e) => set('validUntil', e.target.value)}
        />
        <FormField
          label={t('form.maxRedemptions')}
          description={t('form.maxRedemptionsHint')}
          inputMode="numeric"
          value={form.maxRedemptions}
          onChange={(e) => set('maxRedemptions', e.target.value)}
        />
      </div>
      <p className="text-sm text-muted-foreground">{t('form.hint')}</p>
      <FormProblem>{problem}</FormProblem>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('form.creating') : t('form.create')}
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/promotions (issue 36 item 5, decision 088): create a promotion (its coupon is made at the payment provider),
 * see every promotion with the redemptions the provider reported, and end one.
 */
export function PromotionsAdmin() {
  const { t } = useTranslation('admin-promotions');
  const { language } = useLanguage();
  const promotions = useAdminPromotions();
  const end = useEndPromotion();
  const [ending, setEnding] = useState<TAdminPromotion | null>(null);
  const now = Date.now();

  const confirmEnd = async () => {
    if (!ending) return;
    try {
      await end.mutateAsync(ending.id);
      toast({ title: t('ended', { name: ending.name.en }) });
    } catch (error) {
      toast({ title: t('endFailed'), description: error instanceof ApiError ? error.message : t('unknownError'), variant: 'destructive' });
    }
    setEnding(null);
  };

  const list = () => {
    if (promotions.isPending)
      return (
        <p role="status" className="text-muted-foreground">
          {t('loading')}
        </p>
      );
    if (promotions.isError)
      return (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{promotions.error instanceof ApiError ? promotions.error.message : t('unknownError')}</p>
          <Button type="button" variant="outline" onClick={() => void promotions.refetch()}>
            {t('retry')}
          </Button>
        </div>
      );
    if (promotions.data.promotions.length === 0) return <p role="status">{t('empty')}</p>;
    return (
      <ul className="flex flex-col gap-3" aria-label={t('listLabel')}>
        {promotions.data.promotions.map((promotion) => {
          const state = stateOf(promotion, now);
          return (
            <li key={promotion.id} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-4">
              <div className="flex flex-col gap-1">
                <p className="font-semibold">{promotion.name.en}</p>
                <p className="text-sm">
                  {t(`offer.${promotion.appliesTo}`, { offer: promotionOffer(promotion, language) })} ·{' '}
                  {t('period', {
                    from: formatDateTime(promotion.validFrom, language),
                    until: formatDateTime(promotion.validUntil, language),
                  })}
                </p>
                <p className="text-sm text-muted-foreground">
                  {promotion.maxRedemptions === null
                    ? t('redemptions', { count: promotion.redemptions })
                    : t('redemptionsOf', { count: promotion.redemptions, limit: promotion.maxRedemptions })}{' '}
                  · {t(`states.${state}`)}
                </p>
              </div>
              {state === 'ended' || state === 'over' ? null : (
                <Button type="button" variant="outline" onClick={() => setEnding(promotion)}>
                  {t('end')}
                  <span className="sr-only"> {promotion.name.en}</span>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <div className="flex flex-col gap-8">
      <PromotionForm />
      <section aria-labelledby="promotions-list" className="flex flex-col gap-4">
        <h2 id="promotions-list" className="text-xl font-bold">
          {t('listHeading')}
        </h2>
        {list()}
      </section>
      {ending ? (
        <ConfirmDialog
          title={t('confirm.title', { name: ending.name.en })}
          description={t('confirm.description')}
          cancelLabel={t('confirm.cancel')}
          confirmLabel={t('confirm.end')}
          pendingLabel={t('confirm.ending')}
          pending={end.isPending}
          onConfirm={() => void confirmEnd()}
          onCancel={() => setEnding(null)}
        />
      ) : null}
    </div>
  );
}
