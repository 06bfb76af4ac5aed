import { useTranslation } from 'react-i18next';

import { Loading } from '@/components/ui/query-states';
import { Button } from '@/components/ui/button';
import { useSettings } from '@/lib/account/get-settings';

import { PreferencesForm } from './preferences-form';

/** The preferences form once the stored settings have arrived; a loading line before, a retry if they did not come. */
export function SettingsPreferences() {
  const { t } = useTranslation('settings');
  const settings = useSettings();

  if (settings.isPending) return <Loading>{t('loading')}</Loading>;
  if (settings.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-6">
        <p>{t('loadFailed')}</p>
        <Button type="button" variant="outline" onClick={() => void settings.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <PreferencesForm initial={settings.data} />;
}
