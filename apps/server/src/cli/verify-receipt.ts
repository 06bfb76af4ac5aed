import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ZReceiptFacts, ZReceiptKeys } from '@faxline/shared';
import { loadConfig } from '../platform/config';
import { verifyReceipt } from '../receipts/receipt-signature';

// `npm run receipt:verify -- report.pdf [--server https://fax.example.com]`: checks a transmission report's (or an
// evidence pack's) Ed25519
// signature against the keys the server publishes at /.well-known/faxline-receipt-key (default: this installation's
// PUBLIC_URL), here, without asking the server to check it. Exit 0: it verifies; 1: it does not.

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { server: { type: 'string' } }, allowPositionals: true, strict: true });
  const [file] = positionals;
  if (!file || positionals.length !== 1) {
    process.stderr.write('usage: npm run receipt:verify -- report.pdf [--server https://fax.example.com]\n');
    return 2;
  }
  const server = (values.server ?? loadConfig().publicUrl).replace(/\/$/, '');
  const response = await fetch(`${server}/.well-known/faxline-receipt-key`);
  if (!response.ok) throw new Error(`${server} did not give its receipt keys (HTTP ${response.status})`);
  const keys = new Map<string, KeyObject>(
    ZReceiptKeys.parse(await response.json()).keys.map((key) => [key.id, createPublicKey(key.publicKeyPem)]),
  );
  const check = await verifyReceipt(new Uint8Array(await readFile(file)), keys);
  if (!check.valid) {
    process.stdout.write(`NOT VERIFIED (${check.reason}): do not rely on what this report says.\n`);
    return 1;
  }
  const facts = ZReceiptFacts.parse(check.facts);
  // An evidence pack is signed as a report is (decision 123): its facts say which of the two this file is.
  const what = facts.document === 'evidence_pack' ? 'evidence pack of ' : '';
  process.stdout.write(
    `VERIFIED: signed by ${server} (key ${check.keyId}).\n` +
      `${what}fax ${facts.faxId} to ${facts.toNumber} (${facts.remoteIdent ?? 'no station id'}): ${facts.status}, ` +
      `${facts.pagesConfirmed} of ${facts.pages} pages confirmed on ${facts.deliveredAt}\n`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`receipt:verify: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
