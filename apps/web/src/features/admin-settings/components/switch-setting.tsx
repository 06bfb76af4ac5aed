import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { isPlannedSystemSetting } from '@faxline/shared';

import { Label } from '@/components/ui/label';
import { PlannedBadge, PlannedNote } from '@/components/ui/planned-badge';

import type { TSettingsForm } from '../hooks/use-settings-form';

export type TSwitchSettingName = 'maintenanceMode' | 'ssoEnabled' | 'notifyOnNewUser' | 'notifyOnFailedPayment';

type TSwitchSettingProps = { form: TSettingsForm; name: TSwitchSettingName; children?: ReactNode };

/**
 * An on/off setting: a native checkbox with the switch role (announced as "switch, on/off"; Space toggles it, and so
 * does its label), drawn as a track and thumb. The checkbox is transparent and covers the track, so a click on the
 * drawing is a click on it. `children` follow the description (a warning that depends on the value).
 */
export function SwitchSetting({ form, name, children }: TSwitchSettingProps) {
  const { t } = useTranslation('admin-settings');
  const id = `setting-${name}`;
  const descriptionId = `${id}-description`;
  const plannedId = `${id}-planned`;
  const planned = isPlannedSystemSetting(name);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor={id} className="leading-snug">
              {t(`fields.${name}.label`)}
            </Label>
            {planned ? <PlannedBadge /> : null}
          </div>
          {planned ? <PlannedNote id={plannedId} /> : null}
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {t(`fields.${name}.description`)}
          </p>
        </div>
        <span className="relative inline-flex shrink-0">
          <input
            id={id}
            name={name}
            type="checkbox"
            role="switch"
            ref={form.register(name)}
            checked={form.draft[name]}
            onChange={(event) => form.setValue(name, event.target.checked)}
            disabled={planned}
            aria-describedby={planned ? `${plannedId} ${descriptionId}` : descriptionId}
            className="peer absolute inset-0 m-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none h-6 w-11 rounded-full bg-input transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:opacity-50"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-background shadow-sm transition-transform peer-checked:translate-x-5 motion-reduce:transition-none"
          />
        </span>
      </div>
      {children}
    </div>
  );
}
