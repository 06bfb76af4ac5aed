import { FAX_QUALITIES, FAX_RESOLUTIONS, MAX_FILE_SIZE_MB_LIMIT } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import type { TSettingsForm } from '../hooks/use-settings-form';

import { ChoiceSetting } from './choice-setting';
import { FieldGrid, SettingsSection } from './settings-section';
import { SwitchSetting } from './switch-setting';
import { TextSetting } from './text-setting';
import { WarningNote } from './warning-note';

/** The warning under maintenance mode: what is in force now, or what Save will put in force. */
function maintenanceWarning(form: TSettingsForm): 'maintenanceOn' | 'maintenanceOnSave' | 'maintenanceOffOnSave' | null {
  const now = form.stored.values.maintenanceMode;
  const next = form.draft.maintenanceMode;
  if (now && next) return 'maintenanceOn';
  if (next) return 'maintenanceOnSave';
  return now ? 'maintenanceOffOnSave' : null;
}

/**
 * Site name and address, maintenance mode, upload limit, default resolution, the dashboard's welcome message and the
 * seller's details on invoices.
 */
export function GeneralSection({ form }: { form: TSettingsForm }) {
  const { t } = useTranslation('admin-settings');
  const warning = maintenanceWarning(form);
  return (
    <SettingsSection section="general">
      <FieldGrid>
        <TextSetting form={form} name="siteName" maxLength={80} autoComplete="off" />
        <TextSetting form={form} name="defaultEmail" type="email" maxLength={254} autoComplete="off" spellCheck={false} />
      </FieldGrid>
      <SwitchSetting form={form} name="maintenanceMode">
        <WarningNote>{warning ? t(`warnings.${warning}`) : null}</WarningNote>
      </SwitchSetting>
      <FieldGrid>
        <TextSetting form={form} name="maxFileSizeMB" type="number" inputMode="numeric" min={1} max={MAX_FILE_SIZE_MB_LIMIT} step={1} />
        <ChoiceSetting
          form={form}
          name="defaultFaxResolution"
          options={FAX_QUALITIES.map((quality) => ({
            value: quality,
            label: t(`options.resolution.${quality}`, { resolution: FAX_RESOLUTIONS[quality].label }),
          }))}
        />
      </FieldGrid>
      <TextSetting form={form} name="welcomeMessage" multiline showCount maxLength={500} />
      <TextSetting form={form} name="invoiceSellerDetails" multiline showCount maxLength={500} />
    </SettingsSection>
  );
}
