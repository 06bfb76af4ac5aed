import type { TSettingsForm } from '../hooks/use-settings-form';

import { SettingsSection } from './settings-section';
import { SwitchSetting } from './switch-setting';
import { TextSetting } from './text-setting';

/** Where administrators' notifications go, and which events send one. */
export function NotificationsSection({ form }: { form: TSettingsForm }) {
  return (
    <SettingsSection section="notifications">
      <TextSetting
        form={form}
        name="adminEmailForNotifications"
        type="email"
        maxLength={254}
        autoComplete="off"
        spellCheck={false}
        className="sm:max-w-md"
      />
      <SwitchSetting form={form} name="notifyOnNewUser" />
      <SwitchSetting form={form} name="notifyOnFailedPayment" />
    </SettingsSection>
  );
}
