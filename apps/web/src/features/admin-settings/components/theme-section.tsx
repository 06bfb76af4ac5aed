import type { TSettingsForm } from '../hooks/use-settings-form';

import { ColourSetting } from './colour-setting';
import { FieldGrid, SettingsSection } from './settings-section';
import { TextSetting } from './text-setting';

/** The back office's colours, logo and favicon. */
export function ThemeSection({ form }: { form: TSettingsForm }) {
  return (
    <SettingsSection section="theme">
      <FieldGrid>
        <ColourSetting form={form} name="primaryColor" />
        <ColourSetting form={form} name="secondaryColor" />
        <TextSetting
          form={form}
          name="adminLogoUrl"
          inputMode="url"
          maxLength={2048}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
        />
        <TextSetting
          form={form}
          name="faviconUrl"
          inputMode="url"
          maxLength={2048}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
        />
      </FieldGrid>
    </SettingsSection>
  );
}
