import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FAX_RESOLUTIONS, matchingPrefix, recipientPrefixesOf, type TFaxQuality } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { accountBlockedPrefix } from '../blocklist/blocklist';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { CallAnswer, InboundCall, InboundCallOutcome, InboundCalls } from '../lines/fax-line';
import { faxImagePdf } from '../documents/fax-image/fax-image-pdf';
import { faxPageThumbnail } from '../documents/fax-image/fax-thumbnail';
import { readTiffPages } from '../documents/fax-image/fax-tiff';
import { accountHoldingNumber } from '../numbers/numbers';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { readSystemSettings } from '../system-settings/system-settings';
import { chargeFaxPages } from './charge-pages';
import { landingOf } from './landing';
import { faxAttempts, faxes } from './schema';

const execFileAsync = promisify(execFile);

/**
 * Whether Faxline answers a call to the number from the caller: the number must belong to an
 * account, and the caller must be on neither that account's blocklist nor the platform's list of blocked callers. A
 * line asks before it answers, so that a blocked caller's call is rejected and nothing of it is stored.
 */
export async function answerInboundCall(db: Database, call: { toNumber: string; fromNumber: string | null }): Promise<CallAnswer> {
  const accountId = await accountHoldingNumber(db, call.toNumber);
  if (!accountId) return { answer: false, reason: 'unknown_number' };
  if (call.fromNumber) {
    const { blockedCallerPrefixes } = await readSystemSettings(db);
    const blocked =
      (await accountBlockedPrefix(db, accountId, call.fromNumber)) ??
      matchingPrefix(call.fromNumber, recipientPrefixesOf(blockedCallerPrefixes));
    if (blocked) return { answer: false, reason: 'blocked' };
  }
  return { answer: true, accountId };
}

/**
 * Stores a received fax in the inbox of the account holding the number: what the machine printed, as a PDF made of
 * the very pixels received (docs/decisions/023), its first page's thumbnail, and the call's T.30 facts. Asked again
 * at the end of the call (a line that posts later, a number released meanwhile): a refused call stores nothing.
 */
export async function receiveInboundCall(deps: { db: Database; files: FileStore }, call: InboundCall): Promise<InboundCallOutcome> {
  const { db, files } = deps;
  const [known] = await db.select({ id: faxes.id }).from(faxes).where(eq(faxes.inboundCallId, call.callId));
  if (known) return { outcome: 'duplicate' };
  const answer = await answerInboundCall(db, call);
  if (!answer.answer) return { outcome: 'refused', reason: answer.reason };

  const quality: TFaxQuality = call.details.resolution ?? 'fine';
  const { xDpi, yDpi } = FAX_RESOLUTIONS[quality];
  const tiff = await asGroup4(call.tiff);
  const pages = readTiffPages(tiff);
  const [document, thumbnail] = await Promise.all([
    faxImagePdf({ tiff, xDpi, yDpi }).then(async (pdf) => files.put(pdf)),
    faxPageThumbnail(tiff, pages[0]!, { xDpi, yDpi }).then(async (png) => files.put(png)),
  ]);
  const landing = await landingOf(db, answer.accountId, call.toNumber);
  const stored = await inTransaction(db, async (tx) => {
    const [fax] = await tx
      .insert(faxes)
      .values({
        ...landing,
        accountId: answer.accountId,
        direction: 'inbound',
        status: 'received',
        fromNumber: call.fromNumber,
        toNumber: call.toNumber,
        senderName: call.remoteIdent?.trim() || null,
        quality,
        pages: pages.length,
        line: call.line,
        documentKey: document.key,
        documentSha256: document.sha256,
        thumbnailKey: thumbnail.key,
        inboundCallId: call.callId,
        completedAt: new Date(),
      })
      .onConflictDoNothing({ target: faxes.inboundCallId })
      .returning({ id: faxes.id });
    if (!fax) return null;
    await chargeFaxPages(tx, fax.id);
    // The call, as the details show a sent fax's attempts: one, and how it went.
    await tx.insert(faxAttempts).values({
      faxId: fax.id,
      number: 1,
      line: call.line,
      endedAt: new Date(),
      durationMs: call.details.lineMs,
      pagesSent: pages.length,
      result: 'delivered',
      call: {
        bitRate: call.details.bitRate,
        ecm: call.details.ecm,
        resolution: call.details.resolution,
        compression: null,
        remoteIdent: call.remoteIdent?.trim() || null,
        ecmRetransmissions: null,
        completionCode: call.details.completionCode ?? null,
        completionText: call.details.completion,
      },
    });
    return fax.id;
  });
  if (!stored) {
    // Reported twice at once: the first report's copy stands.
    await Promise.all([files.remove(document.key), files.remove(thumbnail.key)]);
    return { outcome: 'duplicate' };
  }
  return { outcome: 'stored', faxId: stored };
}

/**
 * The received image as Faxline keeps fax images: each page one strip of T.6 (Group 4), whatever coding the call used
 * (T.4 1D or 2D without ECM). libtiff's tiffcp recodes it, pixel for pixel.
 */
async function asGroup4(tiff: Uint8Array): Promise<Uint8Array> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-received-'));
  try {
    const input = path.join(dir, 'in.tif');
    const output = path.join(dir, 'out.tif');
    await writeFile(input, tiff);
    // -r: rows per strip, more than any page has: one strip a page, as the PDF's /CCITTFaxDecode needs.
    await execFileAsync('tiffcp', ['-c', 'g4', '-r', '1000000', input, output]);
    return new Uint8Array(await readFile(output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Inbound calls as the lines bring them (lines/fax-line.ts): answered and stored by the rules above. */
export function faxInboundCalls(deps: { db: Database; files: FileStore }): InboundCalls {
  return { answer: (call) => answerInboundCall(deps.db, call), receive: (call) => receiveInboundCall(deps, call) };
}
