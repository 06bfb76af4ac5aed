import { BILLING_COUNTRIES, taxIdFormatKnown, type TBillingProfile } from '@faxline/shared';
import { useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldDescription, FieldProblem } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useBillingProfile } from '../api/get-billing-profile';
import { useSaveBillingProfile } from '../api/save-billing-profile';
import {
  checkBillingDetails,
  EMPTY_BILLING_DETAILS,
  firstProblemField,
  problemsFromServer,
  type TBillingDetailField,
  type TBillingDetailProblems,
  type TBillingDetailValues,
} from '../utils/billing-details-checks';

/** The billing name, address and tax id printed on the account's invoices (and given to the payment provider). */
export function BillingDetailsForm({ className }: { className: string }) {
  const { t } = useTranslation('billing');
  const profile = useBillingProfile();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('details.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('details.intro')}</p>
      </div>
      {profile.isPending ? (
        <Loading>{t('details.loading')}</Loading>
      ) : profile.isError ? (
        <LoadFailed title={t('details.loadFailed')} error={profile.error} retryLabel={t('retry')} onRetry={() => void profile.refetch()} />
      ) : (
        <DetailsFields saved={profile.data.profile} />
      )}
    </section>
  );
}

const valuesOf = (profile: TBillingProfile | null): TBillingDetailValues => (profile ? { ...profile } : EMPTY_BILLING_DETAILS);

function DetailsFields({ saved }: { saved: TBillingProfile | null }) {
  const { t, i18n } = useTranslation(['billing', 'messages', 'errors']);
  const save = useSaveBillingProfile();
  const [values, setValues] = useState(() => valuesOf(saved));
  const [problems, setProblems] = useState<TBillingDetailProblems>({});
  const controls = useRef(new Map<TBillingDetailField, HTMLElement | null>());
  const formId = useId();
  const saving = save.isPending;

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const collator = new Intl.Collator(i18n.language);
    return BILLING_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  }, [i18n.language]);

  const showProblems = (found: TBillingDetailProblems) => {
    setProblems(found);
    const first = firstProblemField(found);
    if (first) controls.current.get(first)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkBillingDetails(values);
    if (!checked.ok) return showProblems(checked.problems);
    try {
      const answer = await save.mutateAsync(checked.request);
      setValues(valuesOf(answer.profile));
      setProblems({});
      toast({ title: t('details.savedTitle'), description: t('details.savedDescription') });
    } catch (error) {
      const fromServer = problemsFromServer(error);
      if (firstProblemField(fromServer)) return showProblems(fromServer);
      toast({
        title: t('details.saveFailed'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  const problemText = (field: TBillingDetailField) => {
    const problem = problems[field];
    if (!problem) return null;
    return 'text' in problem ? problem.text : t(`messages:${problem.key}`, { defaultValue: t('errors:validation.invalid') });
  };

  /** The props that bind a control to its label, its hint, its problem and the form's values. */
  const control = (field: TBillingDetailField, hint?: boolean) => {
    const id = `${formId}-${field}`;
    const described = [hint ? `${id}-hint` : null, problems[field] ? `${id}-problem` : null].filter(Boolean).join(' ');
    return {
      id,
      name: field,
      value: values[field],
      disabled: saving,
      ref: (element: HTMLElement | null) => void controls.current.set(field, element),
      'aria-invalid': problems[field] ? true : undefined,
      'aria-describedby': described || undefined,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        setValues((current) => ({ ...current, [field]: event.target.value }));
        setProblems((current) => ({ ...current, [field]: undefined }));
      },
    };
  };

  const field = (name: TBillingDetailField, label: string, props: { autoComplete: string; optional?: boolean; hint?: string }) => (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={`${formId}-${name}`}>
        {label} {props.optional ? <span className="font-normal text-muted-foreground">{t('details.optional')}</span> : null}
      </Label>
      <Input {...control(name, Boolean(props.hint))} autoComplete={props.autoComplete} />
      <FieldDescription id={props.hint ? `${formId}-${name}-hint` : undefined}>{props.hint}</FieldDescription>
      <FieldProblem id={`${formId}-${name}-problem`}>{problemText(name)}</FieldProblem>
    </div>
  );

  const taxHint = values.country
    ? taxIdFormatKnown(values.country)
      ? t('details.taxIdChecked')
      : t('details.taxIdFree')
    : t('details.taxIdChooseCountry');

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">{field('name', t('details.name'), { autoComplete: 'organization' })}</div>
      {field('line1', t('details.line1'), { autoComplete: 'address-line1' })}
      {field('line2', t('details.line2'), { autoComplete: 'address-line2', optional: true })}
      {field('city', t('details.city'), { autoComplete: 'address-level2' })}
      {field('postalCode', t('details.postalCode'), { autoComplete: 'postal-code', optional: true })}
      {field('region', t('details.region'), { autoComplete: 'address-level1', optional: true })}
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${formId}-country`}>{t('details.country')}</Label>
        <NativeSelect {...control('country')} autoComplete="country">
          <option value="">{t('details.chooseCountry')}</option>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </NativeSelect>
        <FieldProblem id={`${formId}-country-problem`}>{problemText('country')}</FieldProblem>
      </div>
      <div className="sm:col-span-2">{field('taxId', t('details.taxId'), { autoComplete: 'off', optional: true, hint: taxHint })}</div>
      <Button type="submit" className="self-start sm:col-span-2 sm:justify-self-start" disabled={saving}>
        {saving ? t('details.saving') : t('details.save')}
      </Button>
    </form>
  );
}
