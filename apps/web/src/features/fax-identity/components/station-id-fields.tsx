import { MAX_STATION_ID_LENGTH } from '@faxline/shared';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import type { TIdentityField, TIdentityValues } from '../utils/fax-identity-checks';

type TStationIdFieldsProps = {
  id: string;
  numbers: TIdentityValues['numbers'];
  onChange: (index: number, stationId: string) => void;
  disabled: boolean;
  /** The problem to show, if it concerns one of these fields. */
  problem: { field: TIdentityField | null; message: string } | null;
  inputRef: (field: TIdentityField) => (element: HTMLInputElement | null) => void;
};

/** One row per number of the account: the number, and the station id it gives the machine it calls (empty: itself). */
export function StationIdFields({ id, numbers, onChange, disabled, problem, inputRef }: TStationIdFieldsProps) {
  const { t } = useTranslation('fax-identity');
  const rulesId = `${id}-rules`;

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="font-semibold">{t('stationIds.title')}</legend>
      <p id={rulesId} className="text-sm text-muted-foreground">
        {t('stationIds.rules')}
      </p>
      {numbers.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('stationIds.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border">
          {numbers.map((number, index) => {
            const field: TIdentityField = `stationId.${index}`;
            const inputId = `${id}-station-${index}`;
            const message = problem?.field === field ? problem.message : null;
            return (
              // On wider screens the number stands beside its input, level with it; on phones above its label.
              <li key={number.phoneNumber} className="grid gap-2 p-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:gap-x-4">
                <span translate="no" dir="ltr" className="font-semibold tabular-nums sm:col-start-1 sm:row-start-2 sm:self-center">
                  {number.phoneNumber}
                </span>
                <Label htmlFor={inputId} className="sm:col-start-2 sm:row-start-1">
                  {t('stationIds.label')}
                  <span className="sr-only"> {t('stationIds.labelFor', { number: number.phoneNumber })}</span>
                </Label>
                <Input
                  id={inputId}
                  ref={inputRef(field)}
                  value={number.stationId}
                  onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(index, event.target.value)}
                  placeholder={number.phoneNumber}
                  maxLength={MAX_STATION_ID_LENGTH}
                  inputMode="tel"
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
