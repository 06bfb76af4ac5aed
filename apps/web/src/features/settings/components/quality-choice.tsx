import { FAX_QUALITIES, FAX_RESOLUTIONS, type TFaxQuality } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

type TQualityChoiceProps = { value: TFaxQuality; onChange: (value: TFaxQuality) => void; disabled?: boolean };

/** Default fax quality (spec 001 §3, §9): three radio buttons, each with its resolution as help. */
export function QualityChoice({ value, onChange, disabled }: TQualityChoiceProps) {
  const { t } = useTranslation('settings');
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled} aria-describedby="default-quality-description">
      <legend>
        <h2 id="default-quality-heading" className="text-xl font-semibold">
          {t('quality.title')}
        </h2>
      </legend>
      <p id="default-quality-description" className="mt-1 mb-3 text-sm text-muted-foreground">
        {t('quality.description')}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {FAX_QUALITIES.map((quality) => (
          // The whole card is the click target; the name is the quality alone, its help is the description.
          <label
            key={quality}
            className="flex cursor-pointer items-start gap-3 rounded-md border p-4 transition-colors hover:bg-accent has-checked:border-primary has-checked:bg-accent has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-disabled:cursor-not-allowed has-disabled:opacity-50"
          >
            <input
              type="radio"
              name="defaultFaxQuality"
              value={quality}
              checked={value === quality}
              onChange={() => onChange(quality)}
              aria-labelledby={`default-quality-${quality}-label`}
              aria-describedby={`default-quality-${quality}-help`}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span className="flex flex-col gap-1">
              <span id={`default-quality-${quality}-label`} className="text-sm leading-none font-medium">
                {t(`quality.options.${quality}.label`)}
              </span>
              <span id={`default-quality-${quality}-help`} className="text-sm text-muted-foreground">
                {t(`quality.options.${quality}.help`, { resolution: FAX_RESOLUTIONS[quality].label })}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
