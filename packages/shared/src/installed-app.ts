/**
 * The installed app (issue 42, decision 132): where its manifest is, and the share target it names, which the service
 * worker answers. Both sides read them from here; no zod, so that the service worker's bundle does not carry it.
 */
export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';

/** Where another app's "Share" posts its files (multipart/form-data), and the form field that carries them. */
export const SHARE_TARGET = {
  action: '/share-target',
  filesField: 'documents',
  /** The send page's `?shared=` when the server, not the service worker, answered the share: its files were not kept. */
  lost: 'lost',
} as const;

/** What can be shared to Faxline: what the send page attaches (PDFs and pictures). */
export const SHARE_TARGET_ACCEPTS = ['application/pdf', 'image/*'] as const;
