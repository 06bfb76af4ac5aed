import {
  PLAN_CATEGORIES,
  PLAN_DESCRIPTION_MAX_LENGTH,
  PLAN_MAX_API_REQUESTS_PER_MINUTE,
  PLAN_MAX_FAX_NUMBERS,
  PLAN_MAX_USERS,
  PLAN_MIN_API_REQUESTS_PER_MINUTE,
  PLAN_NAME_MAX_LENGTH,
  YEARLY_DISCOUNT,
  type TAdminPlan,
  type TLanguage,
} from '@faxline/shared';
import { useId, useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog, DialogContent, DialogDescription, DialogFormButtons, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSavePlan } from '../api/save-plan';
import {
  centsToText,
  checkPlanForm,
  emptyPlanForm,
  parsePrice,
  planFormOf,
  type TPlanField,
  type TPlanFormValues,
  type TPlanProblem,
} from '../utils/plan-form';

/** The text of each problem: the server's own messages where it checks the same thing, the form's otherwise. */
const PROBLEM_TEXT = {
  nameRequired: 'messages:validation.planName',
  priceRequired: 'plans.checks.priceRequired',
  priceInvalid: 'plans.checks.priceInvalid',
  yearlyAboveMonthly: 'messages:validation.planYearlyAboveMonthly',
  overagePrice: 'messages:validation.planOveragePrice',
  extraNumberPrice: 'messages:validation.planExtraNumberPrice',
  pagesRequired: 'plans.checks.pagesRequired',
  apiRateRange: 'messages:validation.planApiRateRange',
  maxUsers: 'messages:validation.planMaxUsers',
  faxNumbers: 'messages:validation.planFaxNumbers',
  stripePriceId: 'messages:validation.stripePriceId',
  tooManyFeatures: 'messages:validation.planTooManyFeatures',
  forbiddenCharacters: 'messages:validation.forbiddenCharacters',
  tooLong: 'messages:validation.tooLong',
} as const satisfies Record<TPlanProblem, string>;

type TPlanFormDialogProps = {
  /** The plan to edit, or null for a new one. */
  plan: TAdminPlan | null;
  onClose: () => void;
};

const OTHER_LANGUAGES = ['es', 'fr'] as const satisfies readonly TLanguage[];

function Checkbox({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm leading-tight font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

type TTextareaFieldProps = { label: ReactNode; value: string; onChange: (value: string) => void; lang?: string; disabled: boolean } & Pick<
  ComponentProps<'textarea'>,
  'ref' | 'aria-invalid'
>;

function TextareaField({ label, value, onChange, lang, disabled, ...rest }: TTextareaFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        lang={lang}
        className="min-h-20"
        value={value}
        maxLength={PLAN_DESCRIPTION_MAX_LENGTH}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
    </div>
  );
}

/**
 * The plan form (spec 001 §3, §5): name, prices, pages per month, API requests per minute per key (spec 000 §9),
 * features entered comma-separated, HIPAA and most popular, with optional Spanish and French text. The checks run here
 * first; the server's refusals come translated.
 */
export function PlanFormDialog({ plan, onClose }: TPlanFormDialogProps) {
  const { t } = useTranslation(['admin-catalogue', 'messages']);
  const savePlan = useSavePlan();
  const [values, setValues] = useState<TPlanFormValues>(() => (plan ? planFormOf(plan) : emptyPlanForm()));
  const [invalid, setInvalid] = useState<TPlanField | null>(null);
  const inputs = useRef(new Map<TPlanField, HTMLElement | null>());
  const categoryId = useId();
  const saving = savePlan.isPending;
  const monthlyCents = parsePrice(values.monthlyPrice);
  // The yearly price that applies when the field is left empty, shown in it as a hint.
  const usualYearly = typeof monthlyCents === 'number' ? centsToText(Math.round(monthlyCents * (1 - YEARLY_DISCOUNT))) : undefined;
  // Opened at first when the plan has Spanish or French text of its own; then as the admin leaves it.
  const [translationsOpen] = useState(() => OTHER_LANGUAGES.some((l) => values.text[l].description || values.text[l].features));

  const set = <K extends keyof TPlanFormValues>(key: K, value: TPlanFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setText = (language: TLanguage, key: 'description' | 'features', value: string) =>
    setValues((current) => ({ ...current, text: { ...current.text, [language]: { ...current.text[language], [key]: value } } }));
  const fieldProps = (field: TPlanField) => ({
    ref: (element: HTMLElement | null) => void inputs.current.set(field, element),
    'aria-invalid': invalid === field ? true : undefined,
    disabled: saving,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkPlanForm(values);
    if (!checked.ok) {
      setInvalid(checked.field);
      inputs.current.get(checked.field)?.focus();
      toast({
        title: t('common.validationError'),
        description: t(PROBLEM_TEXT[checked.problem]),
        variant: 'destructive',
      });
      return;
    }
    setInvalid(null);
    try {
      const saved = await savePlan.mutateAsync({ id: plan?.id ?? null, input: checked.input });
      toast(
        plan
          ? { title: t('plans.toasts.updatedTitle'), description: t('plans.toasts.updatedDescription', { name: saved.name }) }
          : { title: t('plans.toasts.createdTitle'), description: t('plans.toasts.createdDescription', { name: saved.name }) },
      );
      onClose();
    } catch (error) {
      toast({
        title: t('plans.toasts.saveFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open || saving ? null : onClose())}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogTitle>{plan ? t('plans.form.editTitle') : t('plans.form.createTitle')}</DialogTitle>
        <DialogDescription>{t('plans.form.description')}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t('plans.form.name')}
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              required
              maxLength={PLAN_NAME_MAX_LENGTH}
              autoComplete="off"
              {...fieldProps('name')}
            />
            <div className="flex flex-col gap-2">
              <Label htmlFor={categoryId}>{t('plans.form.category')}</Label>
              <NativeSelect
                id={categoryId}
                value={values.category}
                disabled={saving}
                onChange={(event) => set('category', event.target.value as TPlanFormValues['category'])}
              >
                {PLAN_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {t(`plans.card.category.${category}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>

          <Checkbox
            label={t('plans.form.pricedOnRequest')}
            hint={t('plans.form.pricedOnRequestHint')}
            checked={values.pricedOnRequest}
            onChange={(checked) => set('pricedOnRequest', checked)}
          />
          {values.pricedOnRequest ? null : (
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField
                label={t('plans.form.monthlyPrice')}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                required
                value={values.monthlyPrice}
                onChange={(event) => set('monthlyPrice', event.target.value)}
                {...fieldProps('monthlyPrice')}
              />
              <FormField
                label={t('plans.form.yearlyPrice')}
                description={t('plans.form.yearlyHint')}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={values.yearlyPrice}
                placeholder={usualYearly}
                onChange={(event) => set('yearlyPrice', event.target.value)}
                {...fieldProps('yearlyPrice')}
              />
              <FormField
                label={t('plans.form.pages')}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                required
                value={values.pages}
                onChange={(event) => set('pages', event.target.value)}
                {...fieldProps('pages')}
              />
              <div className="sm:col-span-3">
                <FormField
                  label={t('plans.form.overagePrice')}
                  description={t('plans.form.overageHint')}
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step={0.01}
                  value={values.overagePrice}
                  onChange={(event) => set('overagePrice', event.target.value)}
                  {...fieldProps('overagePrice')}
                />
              </div>
            </div>
          )}

          {/* Every plan has one, priced on request or not: Enterprise's keys are limited too. */}
          <div className="sm:w-2/3">
            <FormField
              label={t('plans.form.apiRequestsPerMinute')}
              description={t('plans.form.apiRequestsPerMinuteHint')}
              type="number"
              inputMode="numeric"
              min={PLAN_MIN_API_REQUESTS_PER_MINUTE}
              max={PLAN_MAX_API_REQUESTS_PER_MINUTE}
              step={1}
              required
              value={values.apiRequestsPerMinute}
              onChange={(event) => set('apiRequestsPerMinute', event.target.value)}
              {...fieldProps('apiRequestsPerMinute')}
            />
          </div>

          <TextareaField
            label={t('plans.form.planDescription')}
            value={values.text.en.description}
            onChange={(value) => setText('en', 'description', value)}
            lang="en"
            {...fieldProps('description')}
          />
          <FormField
            label={t('plans.form.features')}
            description={t('plans.form.featuresHint')}
            value={values.text.en.features}
            onChange={(event) => setText('en', 'features', event.target.value)}
            autoComplete="off"
            lang="en"
            {...fieldProps('features')}
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
            <Checkbox
              label={t('plans.form.hipaa')}
              hint={t('plans.form.hipaaHint')}
              checked={values.isHipaa}
              onChange={(checked) => set('isHipaa', checked)}
            />
            <Checkbox label={t('plans.form.popular')} checked={values.isPopular} onChange={(checked) => set('isPopular', checked)} />
          </div>

          {/* What accounts on the plan get (decision 087): the server enforces these, not the features text above. */}
          <fieldset className="flex flex-col gap-4 rounded-md border p-4">
            <legend className="px-1 text-sm font-medium">{t('plans.form.includes')}</legend>
            <p className="text-sm text-muted-foreground">{t('plans.form.includesHint')}</p>
            <div className="flex flex-col gap-3">
              <Checkbox label={t('plans.form.apiAccess')} checked={values.apiAccess} onChange={(checked) => set('apiAccess', checked)} />
              <Checkbox label={t('plans.form.webhooks')} checked={values.webhooks} onChange={(checked) => set('webhooks', checked)} />
              <Checkbox label={t('plans.form.faxToEmail')} checked={values.faxToEmail} onChange={(checked) => set('faxToEmail', checked)} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label={t('plans.form.maxUsers')}
                description={t('plans.form.maxUsersHint')}
                type="number"
                inputMode="numeric"
                min={1}
                max={PLAN_MAX_USERS}
                step={1}
                value={values.maxUsers}
                onChange={(event) => set('maxUsers', event.target.value)}
                {...fieldProps('maxUsers')}
              />
              <FormField
                label={t('plans.form.faxNumbersIncluded')}
                type="number"
                inputMode="numeric"
                min={0}
                max={PLAN_MAX_FAX_NUMBERS}
                step={1}
                required
                value={values.faxNumbersIncluded}
                onChange={(event) => set('faxNumbersIncluded', event.target.value)}
                {...fieldProps('faxNumbersIncluded')}
              />
              <FormField
                label={t('plans.form.extraNumberPrice')}
                description={t('plans.form.extraNumberHint')}
                type="number"
                inputMode="decimal"
                min={0.01}
                step={0.01}
                value={values.extraNumberPrice}
                onChange={(event) => set('extraNumberPrice', event.target.value)}
                {...fieldProps('extraNumberPrice')}
              />
            </div>
          </fieldset>

          <fieldset className="flex flex-col gap-4 rounded-md border p-4">
            <legend className="px-1 text-sm font-medium">{t('plans.form.stripe')}</legend>
            <p className="text-sm text-muted-foreground">{t('plans.form.stripeHint')}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label={t('plans.form.stripeMonthlyPriceId')}
                value={values.stripeMonthlyPriceId}
                onChange={(event) => set('stripeMonthlyPriceId', event.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder="price_…"
                {...fieldProps('stripeMonthlyPriceId')}
              />
              <FormField
                label={t('plans.form.stripeYearlyPriceId')}
                value={values.stripeYearlyPriceId}
                onChange={(event) => set('stripeYearlyPriceId', event.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder="price_…"
                {...fieldProps('stripeYearlyPriceId')}
              />
            </div>
          </fieldset>

          <details className="rounded-md border p-4" open={translationsOpen}>
            <summary className="cursor-pointer text-sm font-medium">{t('plans.form.translations')}</summary>
            <div className="mt-4 flex flex-col gap-4">
              <p className="text-sm text-muted-foreground">{t('plans.form.translationsHint')}</p>
              {OTHER_LANGUAGES.map((language) => (
                <div key={language} className="flex flex-col gap-4">
                  <TextareaField
                    label={t(`plans.form.descriptionIn.${language}`)}
                    value={values.text[language].description}
                    onChange={(value) => setText(language, 'description', value)}
                    lang={language}
                    disabled={saving}
                  />
                  <FormField
                    label={t(`plans.form.featuresIn.${language}`)}
                    value={values.text[language].features}
                    onChange={(event) => setText(language, 'features', event.target.value)}
                    autoComplete="off"
                    lang={language}
                    disabled={saving}
                  />
                </div>
              ))}
            </div>
          </details>

          <DialogFormButtons
            busy={saving}
            cancelLabel={t('common.cancel')}
            submitLabel={saving ? t('plans.form.saving') : plan ? t('plans.form.save') : t('plans.form.create')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
