import { isPlannedSetting, type TSettings } from '@faxline/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSaveSettings } from '../api/save-settings';

import { QualityChoice } from './quality-choice';

const NOTIFICATIONS = ['faxReceived', 'faxSentConfirmation', 'serviceNotices', 'promotionalOffers'] as const;
type TNotification = (typeof NOTIFICATIONS)[number];

const panelClass = 'flex flex-col gap-6 rounded-lg border p-6';

/**
 * Notification toggles and the default fax quality (spec 001 §2.5), saved together by 'Save All Settings'. Starts
 * from the stored settings and keeps what the person changes, even if the settings are fetched again meanwhile.
 */
export function PreferencesForm({ initial }: { initial: TSettings }) {
  const { t } = useTranslation(['settings', 'errors']);
  const saveSettings = useSaveSettings();
  const [values, setValues] = useState(initial);
  const saving = saveSettings.isPending;

  const set =
    <K extends keyof TSettings>(key: K) =>
    (value: TSettings[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      setValues(await saveSettings.mutateAsync(values));
      toast({ title: t('save.savedTitle'), description: t('save.savedDescription') });
    } catch (error) {
      toast({
        title: t('save.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-8" aria-busy={saving}>
      <section aria-labelledby="notifications-heading" className={panelClass}>
        <div className="flex flex-col gap-1">
          <h2 id="notifications-heading" className="text-xl font-semibold">
            {t('notifications.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('notifications.description')}</p>
        </div>
        <div className="flex flex-col gap-5">
          {NOTIFICATIONS.map((key: TNotification) => (
            <SettingSwitch
              key={key}
              id={`setting-${key}`}
              label={t(`notifications.${key}.label`)}
              description={t(`notifications.${key}.description`)}
              // serviceNotices is optional in the contract (an older client leaves it out); it is on by default.
              checked={values[key] ?? true}
              onChange={set(key)}
              disabled={saving}
              planned={isPlannedSetting(key)}
            />
          ))}
        </div>
      </section>
      <section aria-labelledby="default-quality-heading" className={panelClass}>
        <QualityChoice value={values.defaultFaxQuality} onChange={set('defaultFaxQuality')} disabled={saving} />
      </section>
      <Button type="submit" className="self-start" disabled={saving}>
        {saving ? t('save.saving') : t('save.button')}
      </Button>
    </form>
  );
}
