// What the service worker and the page say to each other (decision 132): written once for both sides.

/**
 * The service worker tells its pages whether the last answer of a kept API request came from the server or, the
 * server being out of reach, from the copy kept when it last answered (`savedAt`, ms since the epoch).
 */
export type TOfflineCopyMessage = { type: 'OFFLINE_COPY'; savedAt: number } | { type: 'ONLINE' };

/** The caches the features keep besides the shell's, by name: the history list and the files shared to the app. */
export const CACHE_NAMES = { offline: 'faxline-offline-v1', shared: 'faxline-shared-files-v1' } as const;

/** The header a kept answer carries the time it was kept in (ms since the epoch). */
export const SAVED_AT_HEADER = 'x-faxline-saved-at';
