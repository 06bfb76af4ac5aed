import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { usePersistedFlag } from '@/lib/use-persisted-flag';
import { offerInstall } from '@/service-worker/register';

import { useHasDeliveredFax } from '../api/get-latest-sent';
import { useInstalledApp } from '../hooks/use-installed-app';
import { AppBanner } from './app-banner';

/** Where the answer ("installed", "not now") is kept on this device: the offer is made once. */
const ANSWERED_KEY = 'installPromptAnswered';

/**
 * The install offer at the right moment (decision 132): after the person's first delivered fax, never on a first
 * visit, and only where the browser offers installing. "Not now" and installing are both remembered on this device.
 */
export function InstallPrompt() {
  const { t } = useTranslation('installed-app');
  const { canInstall } = useInstalledApp();
  const [answered, setAnswered] = usePersistedFlag(ANSWERED_KEY);
  const delivered = useHasDeliveredFax(canInstall && !answered);
  if (!canInstall || answered || !delivered) return null;

  const install = async () => {
    setAnswered(true);
    await offerInstall();
  };
  return (
    <AppBanner
      label={t('install.label')}
      actions={
        <>
          <Button variant="outline" onClick={() => setAnswered(true)}>
            {t('install.notNow')}
          </Button>
          <Button onClick={() => void install()}>{t('install.install')}</Button>
        </>
      }
    >
      <p className="font-semibold">{t('install.title')}</p>
      <p className="text-muted-foreground">{t('install.body')}</p>
    </AppBanner>
  );
}
