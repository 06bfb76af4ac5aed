import type { TSettingsForm } from '../hooks/use-settings-form';

import { FieldGrid, SettingsSection } from './settings-section';
import { TextSetting } from './text-setting';

/** How customers reach the company: /contact and the site's footer show each detail that is filled in, and only those. */
export function ContactSection({ form }: { form: TSettingsForm }) {
  return (
    <SettingsSection section="contact">
      <FieldGrid>
        <TextSetting form={form} name="contactPhone" type="tel" maxLength={40} autoComplete="off" placeholder="+1 604 555 0100" />
        <TextSetting form={form} name="contactEmail" type="email" maxLength={254} autoComplete="off" spellCheck={false} />
        <TextSetting form={form} name="salesEmail" type="email" maxLength={254} autoComplete="off" spellCheck={false} />
        <TextSetting form={form} name="privacyEmail" type="email" maxLength={254} autoComplete="off" spellCheck={false} />
      </FieldGrid>
      <TextSetting form={form} name="contactAddress" multiline showCount maxLength={1000} />
      <TextSetting form={form} name="supportHours" multiline showCount maxLength={500} />
      {/* Every reader sees the hours in their language (decision 117); an empty one shows the English text. */}
      <TextSetting form={form} name="supportHoursEs" multiline showCount maxLength={500} lang="es" />
      <TextSetting form={form} name="supportHoursFr" multiline showCount maxLength={500} lang="fr" />
    </SettingsSection>
  );
}
