import { z } from 'zod';
import { FAX_FAILURE_REASONS } from '../constants';
import { ZStationCheck } from './station-ids';

/**
 * Proof of delivery: GET /api/faxes/:id/receipt (the signed transmission report, PDF),
 * GET /.well-known/faxline-receipt-key (the public keys), POST /api/receipts/verify (body: the PDF, application/pdf).
 */

/** The signed documents of a delivery: the one-page transmission report and the evidence pack (decision 123). */
export const RECEIPT_DOCUMENTS = ['transmission_report', 'evidence_pack'] as const;
export type TReceiptDocument = (typeof RECEIPT_DOCUMENTS)[number];

/** What a transmission report states, signed with it: the facts of the delivery as the line reported them. */
export const ZReceiptFacts = z.object({
  /**
   * 1: reports issued before decision 123; 2: they state which call delivered each page (`pageAttempts`) and what the
   * signed document is (`document`). A report keeps the version it was issued with, and verifies as it was.
   */
  version: z.union([z.literal(1), z.literal(2)]),
  /** Version 2: the transmission report, or the evidence pack (the pages as sent, the calls and the audit trail). */
  document: z.enum(RECEIPT_DOCUMENTS).optional(),
  faxId: z.string(),
  issuedAt: z.iso.datetime({ offset: true }),
  status: z.enum(['delivered', 'partially_delivered']),
  deliveredAt: z.iso.datetime({ offset: true }),
  fromNumber: z.string().nullable(),
  toNumber: z.string(),
  /** The receiving machine's station id (its CSI), as it gave it on the line. */
  remoteIdent: z.string().nullable(),
  pages: z.number().int(),
  pagesConfirmed: z.number().int(),
  bitRate: z.number().int().nullable(),
  ecm: z.boolean().nullable(),
  /** Line time of every call of the fax, in the calls' own clock. */
  lineMs: z.number().int(),
  attempts: z.array(
    z.object({
      number: z.number().int(),
      startedAt: z.iso.datetime({ offset: true }),
      result: z.enum(['delivered', 'partially_delivered', ...FAX_FAILURE_REASONS]),
      firstPage: z.number().int(),
      pagesConfirmed: z.number().int(),
      completionCode: z.number().int().nullable(),
      /** SHA-256 of the fax image (TIFF) as this call carried it, header lines included; null when none was kept. */
      imageSha256: z.string().nullable(),
    }),
  ),
  /**
   * SHA-256 of each page as transmitted: its T.6 coded data in the image of the call that got it confirmed (header line
   * included), in page order.
   */
  pageSha256: z.array(z.string()),
  /** Version 2: the number of the call (attempt) whose confirmation delivered each page, in page order. */
  pageAttempts: z.array(z.number().int()).optional(),
  /** SHA-256 of the fax image as rendered from the document, before any header line (TIFF). */
  imageSha256: z.string(),
  /**
   * The wrong-number check (decision 121): the station id expected and the one announced. Absent from reports issued
   * before it, which still verify: the signature is over the bytes, and this field is optional.
   */
  stationCheck: ZStationCheck.optional(),
});
export type TReceiptFacts = z.infer<typeof ZReceiptFacts>;

export const ZReceiptKeys = z.object({
  keys: z.array(z.object({ id: z.string(), algorithm: z.literal('Ed25519'), publicKeyPem: z.string() })),
});
export type TReceiptKeys = z.infer<typeof ZReceiptKeys>;

export const ZReceiptVerification = z.discriminatedUnion('valid', [
  z.object({ valid: z.literal(true), keyId: z.string(), facts: ZReceiptFacts }),
  z.object({ valid: z.literal(false), reason: z.enum(['unsigned', 'unknown_key', 'bad_signature']) }),
]);
export type TReceiptVerification = z.infer<typeof ZReceiptVerification>;

/**
 * The largest file the verify page takes: a report is one page with a thumbnail, a few hundred kB at most; an evidence
 * pack holds every call's fax image (a G4 page is 20 to 100 kB), so a long fax's pack runs to a few MB.
 */
export const MAX_RECEIPT_BYTES = 16_000_000;

/** A fax has a transmission report when the line delivered it, in whole or in part: what a report can prove. */
export function hasTransmissionReport(fax: { direction: string; status: string }): boolean {
  return fax.direction === 'outbound' && (fax.status === 'delivered' || fax.status === 'partially_delivered');
}
