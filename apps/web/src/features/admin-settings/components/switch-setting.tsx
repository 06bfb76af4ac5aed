import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { isPlannedSystemSetting } from '@faxline/shared';

import { SettingSwitch } from '@/components/ui/setting-switch';

import type { TSettingsForm } from '../hooks/use-settings-form';

export type TSwitchSettingName = 'maintenanceMode' | 'ssoEnabled' | 'notifyOnNewUser' | 'notifyOnFailedPayment';

type TSwitchSettingProps = { form: TSettingsForm; name: TSwitchSettingName; children?: ReactNode };

/** An on/off platform setting, the web app's one switch; `children` follow it (a warning that depends on the value). */
export function SwitchSetting({ form, name, children }: TSwitchSettingProps) {
  const { t } = useTranslation('admin-settings');
  return (
    <div className="flex flex-col gap-3">
      <SettingSwitch
        id={`setting-${name}`}
        name={name}
        inputRef={form.register(name)}
        label={t(`fields.${name}.label`)}
        description={t(`fields.${name}.description`)}
        checked={form.draft[name]}
        onChange={(checked) => form.setValue(name, checked)}
        planned={isPlannedSystemSetting(name)}
      />
      {children}
    </div>
  );
}
