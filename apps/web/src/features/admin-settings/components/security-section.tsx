import { PGP_VALUES, REQUIRE_2FA_VALUES } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import type { TSettingsForm } from '../hooks/use-settings-form';

import { ChoiceSetting } from './choice-setting';
import { FieldGrid, SettingsSection } from './settings-section';
import { SwitchSetting } from './switch-setting';
import { TextSetting } from './text-setting';
import { WarningNote } from './warning-note';

/** Single sign-on, the two-factor policy, PGP, and the sending rules that keep the service from being abused. */
export function SecuritySection({ form }: { form: TSettingsForm }) {
  const { t } = useTranslation('admin-settings');
  return (
    <SettingsSection section="security">
      <SwitchSetting form={form} name="ssoEnabled" />
      <FieldGrid>
        <div className="flex flex-col gap-3">
          <ChoiceSetting
            form={form}
            name="require2FA"
            options={REQUIRE_2FA_VALUES.map((value) => ({ value, label: t(`options.require2FA.${value}`) }))}
          />
          <WarningNote>{form.draft.require2FA === 'required' ? t('warnings.require2FA') : null}</WarningNote>
        </div>
        <ChoiceSetting form={form} name="pgpEnabled" options={PGP_VALUES.map((value) => ({ value, label: t(`options.pgp.${value}`) }))} />
      </FieldGrid>
      <TextSetting form={form} name="blockedRecipientPrefixes" multiline monospace maxLength={2000} spellCheck={false} />
      <TextSetting form={form} name="blockedCallerPrefixes" multiline monospace maxLength={2000} spellCheck={false} />
      <FieldGrid>
        <TextSetting form={form} name="newAccountDailyFaxLimit" type="number" inputMode="numeric" min={0} max={100_000} step={1} />
        <TextSetting form={form} name="newAccountDays" type="number" inputMode="numeric" min={1} max={365} step={1} />
      </FieldGrid>
    </SettingsSection>
  );
}
