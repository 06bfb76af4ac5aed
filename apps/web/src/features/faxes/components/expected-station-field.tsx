import { MAX_STATION_ID_LENGTH } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type TExpectedStationFieldProps = {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** The form's ref and aria-invalid for the field (useFormProblem). */
  fieldProps: { ref: (element: HTMLElement | null) => void; 'aria-invalid': boolean | undefined };
};

/**
 * The send form's "Expected station ID" (decision 121): filled from the contact chosen, changed or cleared by hand.
 * The server checks it with the shared contract (digits, + and spaces, at most 20).
 */
export function ExpectedStationField({ value, onChange, disabled, fieldProps }: TExpectedStationFieldProps) {
  const { t } = useTranslation(['station-ids', 'faxes']);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="fax-expected-station">{t('send.field')}</Label>
      <Input
        id="fax-expected-station"
        name="expectedStationId"
        autoComplete="off"
        inputMode="tel"
        dir="ltr"
        maxLength={MAX_STATION_ID_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-describedby="fax-expected-station-description"
        {...fieldProps}
      />
      <p id="fax-expected-station-description" className="text-sm text-muted-foreground">
        {t('send.hint')}
      </p>
    </div>
  );
}
