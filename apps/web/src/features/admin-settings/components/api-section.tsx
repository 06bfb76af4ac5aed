import type { TSettingsForm } from '../hooks/use-settings-form';

import { SecretSetting } from './secret-setting';
import { FieldGrid, SettingsSection } from './settings-section';
import { TextSetting } from './text-setting';

/** The platform's API key and the API's rate limit. */
export function ApiSection({ form }: { form: TSettingsForm }) {
  return (
    <SettingsSection section="api">
      <SecretSetting form={form} name="apiKey" />
      <FieldGrid>
        <TextSetting form={form} name="apiRateLimit" type="number" inputMode="numeric" min={10} max={100_000} step={1} />
        <TextSetting form={form} name="apiRateLimitWindowMinutes" type="number" inputMode="numeric" min={1} max={1440} step={1} />
      </FieldGrid>
    </SettingsSection>
  );
}
