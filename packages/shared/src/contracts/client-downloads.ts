import { z } from 'zod';

/**
 * The client libraries a Faxline server serves under /downloads (decision 127): the Node.js package as an npm tarball,
 * the Python client as a wheel, both built from this repository with the server. `GET /downloads/index.json` lists
 * them; a build writes `downloads.json` (the same entries with `file` for `url`) beside the files.
 */
export const CLIENT_DOWNLOAD_LANGUAGES = ['javascript', 'python'] as const;
export const DOWNLOADS_PATH = '/downloads';
/** The Node.js package's address never changes with its version: `npm install <server>/downloads/faxline-client.tgz`. */
export const NODE_CLIENT_TARBALL = 'faxline-client.tgz';

const ZClientDownloadFields = {
  language: z.enum(CLIENT_DOWNLOAD_LANGUAGES),
  /** The name it installs as: `@faxline/client`, `faxline`. */
  name: z.string().min(1),
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
};
/** An entry of the build's downloads.json: `file` is a name in the same folder. */
export const ZClientDownloadFile = z.object({ ...ZClientDownloadFields, file: z.string().regex(/^[A-Za-z0-9._-]+$/) });
export const ZClientDownloadManifest = z.object({ downloads: z.array(ZClientDownloadFile) });
/** An entry of GET /downloads/index.json: `url` is the file's absolute address on this server. */
export const ZClientDownload = z.object({ ...ZClientDownloadFields, url: z.url() });
export const ZClientDownloads = z.object({ downloads: z.array(ZClientDownload) });

export type TClientDownloadFile = z.infer<typeof ZClientDownloadFile>;
export type TClientDownloadManifest = z.infer<typeof ZClientDownloadManifest>;
export type TClientDownload = z.infer<typeof ZClientDownload>;
export type TClientDownloads = z.infer<typeof ZClientDownloads>;
