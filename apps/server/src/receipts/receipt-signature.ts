import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import {
  AFRelationship,
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import { appendIncrementalUpdate } from './pdf-incremental-update';
import { verifyFormat1Receipt } from './receipt-format-1';

/**
 * How a transmission report is signed (decision 070). The report is a PDF; an incremental update after it adds the
 * report's facts (JSON) as the embedded file `faxline-receipt.json`, which PDF readers list as an attachment, and, as
 * its last object, the signature:
 *
 *   << /Type /FaxlineReceiptSignature /Algorithm /Ed25519 /KeyId (<key id>) /Signature <128 hex digits> >>
 *
 * The Ed25519 signature is over `FaxlineReceipt 2` and a line feed, then every byte of the file but the signature's own
 * hex digits: the PDF, the facts, the update's cross-reference section and trailer, to the final `%%EOF`. One changed
 * byte anywhere, or anything added after it (even a PDF editor's own update), and the report no longer verifies. The
 * key id is the first 16 hex digits of the SHA-256 of the public key (SPKI DER), so a verifier finds the key among
 * those published at /.well-known/faxline-receipt-key. Nothing else of Faxline is needed to check a report
 * (`npm run receipt:verify`). Reports issued before this form are checked as they were made (receipt-format-1.ts).
 */
const FACTS_FILE = 'faxline-receipt.json';
const SIGNATURE_TYPE = 'FaxlineReceiptSignature';
/** Names what is signed, so that no signature of one form can pass for one of another. */
const SIGNED_PREFIX = Buffer.from('FaxlineReceipt 2\n');
const SIGNATURE_DIGITS = 128;
const SIGNATURE_DICT = new RegExp(
  `^/Type\\s*/${SIGNATURE_TYPE}\\s*/Algorithm\\s*/Ed25519\\s*/KeyId\\s*\\(([0-9a-f]{16})\\)\\s*/Signature\\s*<([0-9a-f]{${SIGNATURE_DIGITS}})>`,
);

export type ReceiptCheck =
  { valid: true; keyId: string; facts: unknown } | { valid: false; reason: 'unsigned' | 'unknown_key' | 'bad_signature' };

export function receiptKeyId(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

export async function signReceipt(pdf: Uint8Array, facts: { issuedAt?: string }, privateKey: KeyObject): Promise<Uint8Array> {
  const keyId = receiptKeyId(createPublicKey(privateKey));
  // Dated as the facts are: an embedded file's stream states when it was made (PDF/A-3 asks it of the evidence pack).
  const issuedAt = facts.issuedAt ? new Date(facts.issuedAt) : undefined;
  const updated = await appendIncrementalUpdate(pdf, async (document) => {
    await document.attach(Buffer.from(JSON.stringify(facts)), FACTS_FILE, {
      mimeType: 'application/json',
      description: 'The facts of this transmission report, signed with it',
      afRelationship: AFRelationship.Data,
      creationDate: issuedAt,
      modificationDate: issuedAt,
    });
    // The attachment's objects first: the signature is the update's last object.
    await document.flush();
    const { context } = document;
    context.register(
      context.obj({
        Type: SIGNATURE_TYPE,
        Algorithm: 'Ed25519',
        KeyId: PDFString.of(keyId),
        Signature: PDFHexString.of('0'.repeat(SIGNATURE_DIGITS)),
      }),
    );
    const root = context.trailerInfo.Root;
    if (!(root instanceof PDFRef)) throw new Error('the transmission report has no document catalog to attach its facts to');
    return [root];
  });
  const file = Buffer.from(updated);
  const placeholder = signatureIn(file)!;
  file.write(sign(null, signedBytes(file, placeholder.at), privateKey).toString('hex'), placeholder.at, 'latin1');
  return new Uint8Array(file);
}

/** Checks a report against the published keys (by key id). What it says is worth reading only when `valid`. */
export async function verifyReceipt(bytes: Uint8Array, keys: ReadonlyMap<string, KeyObject>): Promise<ReceiptCheck> {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const earlier = verifyFormat1Receipt(file, keys);
  if (earlier) return earlier;
  const signature = signatureIn(file);
  if (!signature) return { valid: false, reason: 'unsigned' };
  const key = keys.get(signature.keyId);
  if (!key) return { valid: false, reason: 'unknown_key' };
  if (!verify(null, signedBytes(file, signature.at), key, Buffer.from(signature.hex, 'hex'))) {
    return { valid: false, reason: 'bad_signature' };
  }
  // Read only once the signature holds: every byte parsed from here on is one this server wrote.
  return { valid: true, keyId: signature.keyId, facts: await attachedFacts(file) };
}

/** The file's last signature dictionary: its key id, and where its hex digits are. */
function signatureIn(file: Buffer): { keyId: string; hex: string; at: number } | null {
  const start = file.lastIndexOf(`/Type /${SIGNATURE_TYPE}`);
  if (start < 0) return null;
  const dict = file.subarray(start, start + 512).toString('latin1');
  const match = SIGNATURE_DICT.exec(dict);
  if (!match) return null;
  const hex = match[2]!;
  return { keyId: match[1]!, hex, at: start + match[0].length - 1 - SIGNATURE_DIGITS };
}

function signedBytes(file: Buffer, signatureAt: number): Buffer {
  return Buffer.concat([SIGNED_PREFIX, file.subarray(0, signatureAt), file.subarray(signatureAt + SIGNATURE_DIGITS)]);
}

/** The facts, as the report's embedded file `faxline-receipt.json` holds them (and a PDF reader shows them). */
async function attachedFacts(file: Buffer): Promise<unknown> {
  const document = await PDFDocument.load(file, { updateMetadata: false });
  const names = document.catalog
    .lookup(PDFName.of('Names'), PDFDict)
    .lookup(PDFName.of('EmbeddedFiles'), PDFDict)
    .lookup(PDFName.of('Names'), PDFArray);
  for (let index = 0; index < names.size(); index += 2) {
    if (names.lookup(index, PDFString, PDFHexString).decodeText() !== FACTS_FILE) continue;
    const stream = names
      .lookup(index + 1, PDFDict)
      .lookup(PDFName.of('EF'), PDFDict)
      .lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream)) break;
    return JSON.parse(Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8'));
  }
  throw new Error(`a signed transmission report without its ${FACTS_FILE}`);
}
