import { formatPhoneInternational } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

import { useNumbers } from '../api/get-numbers';

type TFromNumberFieldProps = { value: string; onChange: (value: string) => void; disabled?: boolean };

/** The From number: one of the account's fax numbers (GET /api/numbers); the first one unless another is chosen. */
export function FromNumberField({ value, onChange, disabled }: TFromNumberFieldProps) {
  const { t } = useTranslation('faxes');
  const numbers = useNumbers();
  const list = numbers.data?.numbers ?? [];
  const selected = value || list[0]?.phoneNumber || '';

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="fax-from">{t('send.fromLabel')}</Label>
      <NativeSelect
        id="fax-from"
        value={selected}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled || list.length === 0}
        aria-describedby="fax-from-description"
      >
        {list.length === 0 ? (
          <option value="">{numbers.isPending ? t('send.fromLoading') : '—'}</option>
        ) : (
          list.map((number) => (
            <option key={number.id} value={number.phoneNumber}>
              {formatPhoneInternational(number.phoneNumber)}
            </option>
          ))
        )}
      </NativeSelect>
      <p id="fax-from-description" className="text-sm text-muted-foreground">
        {!numbers.isPending && list.length === 0 ? t('send.fromNone') : t('send.fromDescription')}
      </p>
    </div>
  );
}
