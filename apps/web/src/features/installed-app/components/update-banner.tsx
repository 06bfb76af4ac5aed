import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { applyUpdate } from '@/service-worker/register';

import { useInstalledApp } from '../hooks/use-installed-app';
import { AppBanner } from './app-banner';

/** "A new version is available. Reload": shown on every page once a new version's service worker waits. */
export function UpdateBanner() {
  const { t } = useTranslation('installed-app');
  const { updateWaiting } = useInstalledApp();
  if (!updateWaiting) return null;
  return (
    <AppBanner label={t('update.label')} actions={<Button onClick={applyUpdate}>{t('update.reload')}</Button>}>
      {t('update.message')}
    </AppBanner>
  );
}
