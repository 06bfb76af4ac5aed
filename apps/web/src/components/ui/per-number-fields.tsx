import type { ChangeEvent, ComponentProps, ReactNode } from 'react';

import { Input } from './input';
import { Label } from './label';

type TPerNumberFieldsProps<TField extends string> = {
  id: string;
  /** The account's numbers, each with the value of its field. */
  numbers: readonly { phoneNumber: string; value: string }[];
  legend: ReactNode;
  /** The rules every field follows, read out with each. */
  rules: ReactNode;
  /** Said when the account has no number. */
  none: ReactNode;
  label: ReactNode;
  /** The label's end for screen readers, naming the number the field belongs to. */
  labelFor: (phoneNumber: string) => ReactNode;
  /** The form's name of the field of the number at `index`, as its problems name it. */
  fieldOf: (index: number) => TField;
  /** What the inputs' ids are made of: `${id}-${inputIdPart}-${index}`. */
  inputIdPart: string;
  /** The inputs' own attributes (type, keyboard, length, placeholder). */
  inputProps: (phoneNumber: string) => Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange'>;
  onChange: (index: number, value: string) => void;
  disabled: boolean;
  /** The problem to show, if it concerns one of these fields. */
  problem: { field: TField | null; message: string } | null;
  inputRef: (field: TField) => (element: HTMLInputElement | null) => void;
};

/** One row per number of the account: the number, and the input of what is set for it. */
export function PerNumberFields<TField extends string>({
  id,
  numbers,
  legend,
  rules,
  none,
  label,
  labelFor,
  fieldOf,
  inputIdPart,
  inputProps,
  onChange,
  disabled,
  problem,
  inputRef,
}: TPerNumberFieldsProps<TField>) {
  const rulesId = `${id}-rules`;

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="font-semibold">{legend}</legend>
      <p id={rulesId} className="text-sm text-muted-foreground">
        {rules}
      </p>
      {numbers.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{none}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border">
          {numbers.map((number, index) => {
            const field = fieldOf(index);
            const inputId = `${id}-${inputIdPart}-${index}`;
            const message = problem?.field === field ? problem.message : null;
            return (
              // On wider screens the number stands beside its input, level with it; on phones above its label.
              <li key={number.phoneNumber} className="grid gap-2 p-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:gap-x-4">
                <span translate="no" dir="ltr" className="font-semibold tabular-nums sm:col-start-1 sm:row-start-2 sm:self-center">
                  {number.phoneNumber}
                </span>
                <Label htmlFor={inputId} className="sm:col-start-2 sm:row-start-1">
                  {label}
                  <span className="sr-only"> {labelFor(number.phoneNumber)}</span>
                </Label>
                <Input
                  {...inputProps(number.phoneNumber)}
                  id={inputId}
                  ref={inputRef(field)}
                  value={number.value}
                  onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(index, event.target.value)}
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
