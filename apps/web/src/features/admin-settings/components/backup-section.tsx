import { BACKUP_FREQUENCIES } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import type { TSettingsForm } from '../hooks/use-settings-form';

import { ChoiceSetting } from './choice-setting';
import { LastBackup } from './last-backup';
import { FieldGrid, SettingsSection } from './settings-section';
import { TextSetting } from './text-setting';

/**
 * The backup policy the daily job follows (decision 110), and the last backup taken. A backup by hand and a restore
 * are commands on the server (`npm run backup`, `npm run restore`), which the note names: a restore fills only an
 * empty installation, so it is no button of a running one.
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
      <LastBackup />
    </SettingsSection>
  );
}
