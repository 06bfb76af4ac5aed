import { COUNTRY_CODE_LENGTH, DEFAULT_NUMBER_PROVIDER, NUMBER_PROVIDER_MAX_LENGTH, NUMBER_RANGE_MAX } from '@faxline/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog, DialogContent, DialogDescription, DialogFormButtons, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useAddNumbers } from '../api/add-numbers';
import {
  checkAddNumbers,
  rangeSize,
  type TAddNumbersField,
  type TAddNumbersProblem,
  type TAddNumbersValues,
} from '../utils/add-number-checks';

import { NumberTypeField } from './number-type-field';

type TAddNumbersDialogProps = { onClose: () => void; onAdded: () => void };

const INITIAL: TAddNumbersValues = {
  mode: 'single',
  from: '',
  to: '',
  numberType: 'local',
  provider: DEFAULT_NUMBER_PROVIDER,
  countryCode: '',
};

/** The text of each problem: the server's own messages where it checks the same thing, the form's otherwise. */
const PROBLEM_TEXT = {
  invalidNumber: 'messages:validation.faxNumberE164',
  invalidRange: 'numbers.checks.invalidRange',
  rangeTooLarge: 'messages:errors.numberRangeTooLarge',
  invalidProvider: 'messages:validation.numberProvider',
  invalidCountry: 'messages:validation.countryCode',
} as const satisfies Record<TAddNumbersProblem, string>;

/** Adds one number or a range of consecutive numbers to the inventory (E.164, at most 1000 at once). */
export function AddNumbersDialog({ onClose, onAdded }: TAddNumbersDialogProps) {
  const { t } = useTranslation(['admin-catalogue', 'messages']);
  const addNumbers = useAddNumbers();
  const [values, setValues] = useState(INITIAL);
  const [invalid, setInvalid] = useState<TAddNumbersField | null>(null);
  const inputs = useRef(new Map<TAddNumbersField, HTMLInputElement | null>());
  const modeName = useId();
  const adding = addNumbers.isPending;
  const size = values.mode === 'range' ? rangeSize(values.from, values.to) : null;

  const set = <K extends keyof TAddNumbersValues>(key: K, value: TAddNumbersValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setInvalid(null);
  };
  const fieldProps = (field: TAddNumbersField) => ({
    ref: (element: HTMLInputElement | null) => void inputs.current.set(field, element),
    'aria-invalid': invalid === field ? true : undefined,
    disabled: adding,
    autoComplete: 'off',
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkAddNumbers(values);
    if (!checked.ok) {
      setInvalid(checked.field);
      inputs.current.get(checked.field)?.focus();
      toast({
        title: t('common.validationError'),
        description: t(PROBLEM_TEXT[checked.problem], checked.params),
        variant: 'destructive',
      });
      return;
    }
    try {
      const { added } = await addNumbers.mutateAsync(checked.request);
      toast({ title: t('numbers.toasts.addedTitle'), description: t('numbers.toasts.addedDescription', { count: added }) });
      onAdded();
      onClose();
    } catch (error) {
      toast({
        title: t('numbers.toasts.addFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open || adding ? null : onClose())}>
      <DialogContent closeLabel={t('common.close')} className="max-w-lg">
        <DialogTitle>{t('numbers.addDialog.title')}</DialogTitle>
        <DialogDescription>{t('numbers.addDialog.description', { max: NUMBER_RANGE_MAX })}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('numbers.addDialog.mode')}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(['single', 'range'] as const).map((mode) => (
                <label key={mode} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={modeName}
                    value={mode}
                    checked={values.mode === mode}
                    onChange={() => set('mode', mode)}
                    disabled={adding}
                    className="size-4 accent-primary"
                  />
                  {t(`numbers.addDialog.${mode}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className={values.mode === 'range' ? 'grid gap-4 sm:grid-cols-2' : 'flex flex-col'}>
            <FormField
              label={values.mode === 'range' ? t('numbers.addDialog.from') : t('numbers.addDialog.number')}
              description={t('numbers.addDialog.numberHint')}
              type="tel"
              inputMode="tel"
              placeholder="+15551234567"
              value={values.from}
              onChange={(event) => set('from', event.target.value)}
              {...fieldProps('from')}
            />
            {values.mode === 'range' ? (
              <FormField
                label={t('numbers.addDialog.to')}
                description={size ? t('numbers.addDialog.rangeCount', { count: size }) : t('numbers.addDialog.numberHint')}
                type="tel"
                inputMode="tel"
                placeholder="+15551234599"
                value={values.to}
                onChange={(event) => set('to', event.target.value)}
                {...fieldProps('to')}
              />
            ) : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberTypeField value={values.numberType} onChange={(value) => set('numberType', value)} disabled={adding} />
            <FormField
              label={t('numbers.addDialog.provider')}
              value={values.provider}
              onChange={(event) => set('provider', event.target.value)}
              maxLength={NUMBER_PROVIDER_MAX_LENGTH}
              {...fieldProps('provider')}
            />
          </div>
          <FormField
            label={t('numbers.addDialog.country')}
            description={t('numbers.addDialog.countryHint')}
            value={values.countryCode}
            onChange={(event) => set('countryCode', event.target.value)}
            maxLength={COUNTRY_CODE_LENGTH}
            className="uppercase"
            {...fieldProps('countryCode')}
          />
          <DialogFormButtons
            busy={adding}
            cancelLabel={t('common.cancel')}
            submitLabel={adding ? t('numbers.addDialog.submitting') : t('numbers.addDialog.submit')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
