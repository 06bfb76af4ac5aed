import { PGP_VALUES, REQUIRE_2FA_VALUES } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import type { TSettingsForm } from '../hooks/use-settings-form';

import { ChoiceSetting } from './choice-setting';
import { FieldGrid, SettingsSection } from './settings-section';
import { SwitchSetting } from './switch-setting';
import { WarningNote } from './warning-note';

/** Single sign-on, the two-factor policy and PGP. */
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
    </SettingsSection>
  );
}
