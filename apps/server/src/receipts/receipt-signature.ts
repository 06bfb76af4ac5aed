import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * How a transmission report is signed (issue 16, item 4). The report is a PDF; after its last byte come two comment
 * lines and an end-of-file marker, which PDF readers skip:
 *
 *   %FaxlineReceipt <the report's facts: JSON, base64url>
 *   %FaxlineSignature ed25519 <key id> <signature: base64url>
 *   %%EOF
 *
 * The Ed25519 signature covers every byte before its own line: the PDF and the facts. One changed byte anywhere
 * (the PDF, the facts, the signature) and the report no longer verifies. The key id is the first 16 hex digits of the
 * SHA-256 of the public key (SPKI DER), so a verifier finds the key among those published at
 * /.well-known/faxline-receipt-key. Nothing else of Faxline is needed to check a report (`npm run receipt:verify`).
 */
const FACTS_TAG = '%FaxlineReceipt ';
const SIGNATURE_TAG = '%FaxlineSignature ed25519 ';
const END = '%%EOF\n';

export function receiptKeyId(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

export function signReceipt(pdf: Uint8Array, facts: object, privateKey: KeyObject): Uint8Array {
  const signed = Buffer.concat([
    Buffer.from(pdf),
    Buffer.from(`\n${FACTS_TAG}${Buffer.from(JSON.stringify(facts)).toString('base64url')}\n`),
  ]);
  const signature = sign(null, signed, privateKey).toString('base64url');
  const keyId = receiptKeyId(createPublicKey(privateKey));
  return new Uint8Array(Buffer.concat([signed, Buffer.from(`${SIGNATURE_TAG}${keyId} ${signature}\n${END}`)]));
}

export type ReceiptCheck =
  { valid: true; keyId: string; facts: unknown } | { valid: false; reason: 'unsigned' | 'unknown_key' | 'bad_signature' };

/** Checks a report against the published keys (by key id). What it says is worth reading only when `valid`. */
export function verifyReceipt(bytes: Uint8Array, keys: ReadonlyMap<string, KeyObject>): ReceiptCheck {
  const file = Buffer.from(bytes);
  const at = file.lastIndexOf(`\n${SIGNATURE_TAG}`);
  if (at < 0) return { valid: false, reason: 'unsigned' };
  const signed = file.subarray(0, at + 1);
  const trailer = file.subarray(at + 1 + SIGNATURE_TAG.length).toString('latin1');
  const match = /^([0-9a-f]{16}) ([A-Za-z0-9_-]+)\n%%EOF\n$/.exec(trailer);
  if (!match) return { valid: false, reason: 'unsigned' };
  const [, keyId, signature] = match as unknown as [string, string, string];
  const key = keys.get(keyId);
  if (!key) return { valid: false, reason: 'unknown_key' };
  if (!verify(null, signed, key, Buffer.from(signature, 'base64url'))) return { valid: false, reason: 'bad_signature' };
  const factsAt = signed.lastIndexOf(`\n${FACTS_TAG}`);
  const factsLine =
    factsAt < 0
      ? ''
      : signed
          .subarray(factsAt + 1 + FACTS_TAG.length)
          .toString('latin1')
          .trim();
  return { valid: true, keyId, facts: JSON.parse(Buffer.from(factsLine, 'base64url').toString('utf8')) };
}
