import { verify, type KeyObject } from 'node:crypto';
import type { ReceiptCheck } from './receipt-signature';

/**
 * Reports issued before decision 070 (decision 046's format), still checked so that they keep their worth: after the
 * PDF's last byte come two comment lines and an end-of-file marker,
 *
 *   %FaxlineReceipt <the report's facts: JSON, base64url>
 *   %FaxlineSignature ed25519 <key id> <signature: base64url>
 *   %%EOF
 *
 * and the Ed25519 signature covers every byte before its own line. No report is issued in this form any more: the
 * lines after `%%EOF` are what strict PDF readers refuse.
 */
const FACTS_TAG = '%FaxlineReceipt ';
const SIGNATURE_TAG = '%FaxlineSignature ed25519 ';

/** Checks a report of this format; null when `file` does not end as one. */
export function verifyFormat1Receipt(file: Buffer, keys: ReadonlyMap<string, KeyObject>): ReceiptCheck | null {
  const parts = format1Parts(file);
  if (!parts) return null;
  const { signed, keyId, signature } = parts;
  const key = keys.get(keyId);
  if (!key) return { valid: false, reason: 'unknown_key' };
  if (!verify(null, signed, key, Buffer.from(signature, 'base64url'))) return { valid: false, reason: 'bad_signature' };
  const factsAt = signed.lastIndexOf(`\n${FACTS_TAG}`);
  if (factsAt < 0) return { valid: false, reason: 'unsigned' };
  const factsLine = signed
    .subarray(factsAt + 1 + FACTS_TAG.length)
    .toString('latin1')
    .trim();
  return { valid: true, keyId, facts: JSON.parse(Buffer.from(factsLine, 'base64url').toString('utf8')) };
}

function format1Parts(file: Buffer): { signed: Buffer; keyId: string; signature: string } | null {
  const at = file.lastIndexOf(`\n${SIGNATURE_TAG}`);
  if (at < 0) return null;
  const trailer = file.subarray(at + 1 + SIGNATURE_TAG.length).toString('latin1');
  const match = /^([0-9a-f]{16}) ([A-Za-z0-9_-]+)\n%%EOF\n$/.exec(trailer);
  if (!match) return null;
  return { signed: file.subarray(0, at + 1), keyId: match[1]!, signature: match[2]! };
}
