import { MAX_STATION_ID_LENGTH } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { PerNumberFields } from '@/components/ui/per-number-fields';

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
export function StationIdFields({ numbers, ...props }: TStationIdFieldsProps) {
  const { t } = useTranslation('fax-identity');
  return (
    <PerNumberFields
      {...props}
      numbers={numbers.map((number) => ({ phoneNumber: number.phoneNumber, value: number.stationId }))}
      legend={t('stationIds.title')}
      rules={t('stationIds.rules')}
      none={t('stationIds.none')}
      label={t('stationIds.label')}
      labelFor={(number) => t('stationIds.labelFor', { number })}
      fieldOf={(index): TIdentityField => `stationId.${index}`}
      inputIdPart="station"
      inputProps={(phoneNumber) => ({ placeholder: phoneNumber, maxLength: MAX_STATION_ID_LENGTH, inputMode: 'tel' })}
    />
  );
}
