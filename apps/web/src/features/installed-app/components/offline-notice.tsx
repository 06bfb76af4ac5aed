import { useTranslation } from 'react-i18next';

import { useDateFormat } from '@/lib/use-date-format';

import { useInstalledApp } from '../hooks/use-installed-app';

/**
 * Above the user area's pages while the server does not answer and the history shown is the copy kept on this device
 * (the service worker says so, features/offline.ts): what is shown, and from when.
 */
export function OfflineNotice() {
  const { t } = useTranslation('installed-app');
  const dates = useDateFormat();
  const { offlineSince } = useInstalledApp();
  if (offlineSince === null) return null;
  return (
    <div role="status" className="border-b border-amber-400 bg-amber-50 px-4 py-3 text-amber-950 md:px-6">
      <p className="font-semibold">{t('offline.title')}</p>
      <p>{t('offline.body', { time: dates.dateTime(new Date(offlineSince).toISOString()) })}</p>
    </div>
  );
}
