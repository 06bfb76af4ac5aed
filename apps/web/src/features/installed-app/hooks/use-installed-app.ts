import { useSyncExternalStore } from 'react';

import { installedAppState, subscribeToInstalledApp, type TInstalledAppState } from '@/service-worker/register';

/** What the service worker's registration knows: a new version waiting, the install offer, the kept history shown. */
export function useInstalledApp(): TInstalledAppState {
  return useSyncExternalStore(subscribeToInstalledApp, installedAppState, installedAppState);
}
