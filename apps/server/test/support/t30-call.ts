import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { readTiffPages } from '../../src/documents/fax-image/fax-tiff';
import { renderFaxImage } from '../../src/documents/fax-image/render-fax-image';
import type { transmitOverAudio, transmitOverT38 } from '../../src/lines/t30/fax-modem';
import { loadConfig } from '../../src/platform/config';

/** The T.30 engine's program, as the server finds it. */
export const faxModemBinary = loadConfig().faxModemPath;

/**
 * The fax a test call sends: three fine pages rendered as the line sends them, written to `sent.tif` in a new folder
 * (named from `prefix`), with each page's size as T.6 data: what ECM carries, since both ends offer T.6.
 */
export async function writeSentFax(prefix: string): Promise<{ dir: string; tiffPath: string; pageBytes: number[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const image = await renderFaxImage(await makePdf(3), 'fine');
  const tiffPath = path.join(dir, 'sent.tif');
  await writeFile(tiffPath, image.tiff);
  const pageBytes = readTiffPages(image.tiff).map((page) => page.strips.reduce((sum, strip) => sum + strip.length, 0));
  return { dir, tiffPath, pageBytes };
}

/** The sent fax of a test file: written before its tests (its fields are filled then), removed after them. */
export function useSentFax(prefix: string): { dir: string; tiffPath: string; pageBytes: number[] } {
  const sent = { dir: '', tiffPath: '', pageBytes: [] as number[] };
  beforeAll(async () => {
    Object.assign(sent, await writeSentFax(prefix));
  });
  afterAll(() => rm(sent.dir, { recursive: true, force: true }));
  return sent;
}

/** The station ids of the two machines in the calls that check them. */
export const CALLER_IDENT = '+1 555 0100';
export const ANSWERER_IDENT = '+1 555 0199';

/** A call of the sent fax, received into `outFile` beside it, between two machines with station ids; timed on the wall clock. */
export async function identifiedCall(
  transmit: typeof transmitOverAudio | typeof transmitOverT38,
  sent: { dir: string; tiffPath: string },
  outFile: string,
) {
  const outPath = path.join(sent.dir, outFile);
  const started = performance.now();
  const reports = await transmit({
    binary: faxModemBinary,
    tiffPath: sent.tiffPath,
    outPath,
    sender: { ident: CALLER_IDENT },
    receiver: { ident: ANSWERER_IDENT },
  });
  return { ...reports, outPath, wallMs: performance.now() - started };
}
