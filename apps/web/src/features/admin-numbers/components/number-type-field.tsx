import { NUMBER_TYPES, type TNumberType } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

type TNumberTypeFieldProps = { value: TNumberType; onChange: (value: TNumberType) => void; disabled: boolean };

export function NumberTypeField({ value, onChange, disabled }: TNumberTypeFieldProps) {
  const { t } = useTranslation('admin-catalogue');
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('numbers.addDialog.type')}</Label>
      <NativeSelect id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as TNumberType)}>
        {NUMBER_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`numbers.types.${type}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
