import { FAX_QUALITIES, FAX_RESOLUTIONS, type TFaxQuality } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

type TQualityFieldProps = { value: TFaxQuality; onChange: (value: TFaxQuality) => void; disabled?: boolean };

/** Fax quality (spec 001 §3, §9): Standard 200x100, Fine 200x200, Superfine 200x400 dpi. */
export function QualityField({ value, onChange, disabled }: TQualityFieldProps) {
  const { t } = useTranslation('faxes');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="fax-quality">{t('send.qualityLabel')}</Label>
      <NativeSelect
        id="fax-quality"
        value={value}
        onChange={(event) => onChange(event.target.value as TFaxQuality)}
        disabled={disabled}
        aria-describedby="fax-quality-description"
      >
        {FAX_QUALITIES.map((quality) => (
          <option key={quality} value={quality}>
            {t('send.qualityOption', { name: t(`quality.${quality}`), resolution: FAX_RESOLUTIONS[quality].label })}
          </option>
        ))}
      </NativeSelect>
      <p id="fax-quality-description" className="text-sm text-muted-foreground">
        {t('send.qualityDescription')}
      </p>
    </div>
  );
}
