import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import type { TFaxEmailField, TFaxEmailValues } from '../utils/fax-email-checks';

type TNumberRecipientsFieldsProps = {
  id: string;
  numbers: TFaxEmailValues['numbers'];
  max: number;
  onChange: (index: number, recipients: string) => void;
  disabled: boolean;
  /** The problem to show, if it concerns one of these fields. */
  problem: { field: TFaxEmailField | null; message: string } | null;
  inputRef: (field: TFaxEmailField) => (element: HTMLInputElement | null) => void;
};

/** One row per number of the account: the number, and the extra addresses its received faxes are e-mailed to. */
export function NumberRecipientsFields({ id, numbers, max, onChange, disabled, problem, inputRef }: TNumberRecipientsFieldsProps) {
  const { t } = useTranslation('settings');
  const rulesId = `${id}-rules`;

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="font-semibold">{t('faxEmail.recipients.title')}</legend>
      <p id={rulesId} className="text-sm text-muted-foreground">
        {t('faxEmail.recipients.rules', { max })}
      </p>
      {numbers.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('faxEmail.recipients.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border">
          {numbers.map((number, index) => {
            const field: TFaxEmailField = `recipients.${index}`;
            const inputId = `${id}-number-${index}`;
            const message = problem?.field === field ? problem.message : null;
            return (
              // On wider screens the number stands beside its input, level with it; on phones above its label.
              <li key={number.phoneNumber} className="grid gap-2 p-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:gap-x-4">
                <span translate="no" dir="ltr" className="font-semibold tabular-nums sm:col-start-1 sm:row-start-2 sm:self-center">
                  {number.phoneNumber}
                </span>
                <Label htmlFor={inputId} className="sm:col-start-2 sm:row-start-1">
                  {t('faxEmail.recipients.label')}
                  <span className="sr-only"> {t('faxEmail.recipients.labelFor', { number: number.phoneNumber })}</span>
                </Label>
                <Input
                  id={inputId}
                  ref={inputRef(field)}
                  // Text with the e-mail keyboard rather than type="email" multiple, whose value the browser rewrites
                  // (spaces after commas dropped) under a controlled input.
                  type="text"
                  inputMode="email"
                  value={number.recipients}
                  onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(index, event.target.value)}
                  placeholder={t('faxEmail.recipients.placeholder')}
                  autoComplete="off"
                  spellCheck={false}
                  dir="ltr"
                  disabled={disabled}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `${rulesId} ${inputId}-problem` : rulesId}
                  className="sm:col-start-2 sm:row-start-2"
                />
                {message ? (
                  <p id={`${inputId}-problem`} className="text-sm font-medium text-destructive sm:col-start-2">
                    {message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
