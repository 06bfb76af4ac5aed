import { BACKUP_FREQUENCIES } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import type { TSettingsForm } from '../hooks/use-settings-form';

import { ChoiceSetting } from './choice-setting';
import { FieldGrid, SettingsSection } from './settings-section';
import { TextSetting } from './text-setting';

/**
 * The backup policy. Faxline does not copy its own database: the operator's tooling does (DESIGN.md, embedded
 * PostgreSQL), and the page says so rather than suggest a button that backs up or restores.
 */
export function BackupSection({ form }: { form: TSettingsForm }) {
  const { t } = useTranslation('admin-settings');
  return (
    <SettingsSection section="backup">
      <p className="rounded-md border bg-muted p-3 text-sm">{t('backup.operatorNote')}</p>
      <FieldGrid>
        <ChoiceSetting
          form={form}
          name="automaticBackups"
          options={BACKUP_FREQUENCIES.map((value) => ({ value, label: t(`options.backups.${value}`) }))}
        />
        <TextSetting form={form} name="backupRetentionDays" type="number" inputMode="numeric" min={1} max={3650} step={1} />
      </FieldGrid>
    </SettingsSection>
  );
}
