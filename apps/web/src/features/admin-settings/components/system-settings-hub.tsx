import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

import { useSystemSettings } from '../api/get-system-settings';

import { SettingsForm } from './settings-form';
import { SettingsToc } from './settings-toc';

function LastSaved({ at }: { at: string | null }) {
  const { t } = useTranslation('admin-settings');
  const dates = useDateFormat();
  if (!at) return <p className="text-sm text-muted-foreground">{t('neverSaved')}</p>;
  const date = dates.dateTime(at);
  return (
    <p className="text-sm text-muted-foreground">
      {t('lastSaved')} <time dateTime={at}>{date}</time>
    </p>
  );
}

/**
 * /admin/settings's body: the table of contents beside (on phones: above) the settings form, once the stored
 * settings have arrived; a loading line before, a retry if they did not come.
 */
export function SystemSettingsHub() {
  const { t } = useTranslation(['admin-settings', 'errors']);
  const settings = useSystemSettings();
  // The sections exist only once the settings have arrived: a link to one of them scrolls then.
  useScrollToHash(settings.isSuccess);

  if (settings.isPending) {
    return (
      <p role="status" className="rounded-lg border bg-background p-6 text-muted-foreground">
        {t('loading')}
      </p>
    );
  }
  if (settings.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-l-4 border-l-destructive bg-background p-6">
        <p className="font-semibold">{t('loadFailed')}</p>
        <p className="text-muted-foreground">{settings.error instanceof ApiError ? settings.error.message : t('errors:api.unknown')}</p>
        <Button type="button" variant="outline" onClick={() => void settings.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <LastSaved at={settings.data.updatedAt} />
      <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start">
        <div className="lg:sticky lg:top-20">
          <SettingsToc />
        </div>
        <SettingsForm initial={settings.data} />
      </div>
    </div>
  );
}
