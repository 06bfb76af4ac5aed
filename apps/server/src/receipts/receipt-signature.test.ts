import { execFile } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZReceiptFacts, type TReceiptFacts } from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptKeyId, signReceipt, verifyReceipt } from './receipt-signature';
import { transmissionReportPdf } from './transmission-report';

const fixtures = fileURLToPath(new URL('../../test/fixtures/receipts/', import.meta.url));
const cli = fileURLToPath(new URL('../cli/verify-receipt.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

const facts: TReceiptFacts = {
  version: 1,
  faxId: '0b6f9c52-3a51-4c0e-9d7e-1f2a3b4c5d6e',
  issuedAt: '2026-12-02T09:30:00.000Z',
  status: 'delivered',
  deliveredAt: '2026-12-02T09:29:41.000Z',
  fromNumber: '+14155550100',
  toNumber: '+15550100000',
  // What the far machine says of itself is not ours to choose: a station id that looks like PDF syntax.
  remoteIdent: '%%EOF /Signature <>',
  pages: 2,
  pagesConfirmed: 2,
  bitRate: 14_400,
  ecm: true,
  lineMs: 48_200,
  attempts: [
    {
      number: 1,
      startedAt: '2026-12-02T09:28:53.000Z',
      result: 'delivered',
      firstPage: 1,
      pagesConfirmed: 2,
      completionCode: 0,
      imageSha256: 'a'.repeat(64),
    },
  ],
  pageSha256: ['b'.repeat(64), 'c'.repeat(64)],
  imageSha256: 'd'.repeat(64),
};

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const keys = new Map<string, KeyObject>([[receiptKeyId(publicKey), publicKey]]);
let dir: string;
let report: Buffer;

/** A report signed with this file's key, made by the same functions the server issues one with. */
async function signedReport(): Promise<Buffer> {
  const pdf = await transmissionReportPdf({
    facts,
    thumbnailPng: null,
    language: 'en',
    siteName: 'Faxline',
    verifyUrl: 'https://fax.example.com/verify-receipt',
  });
  return Buffer.from(await signReceipt(pdf, facts, privateKey));
}

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: repoRoot, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

async function qpdf(bytes: Uint8Array, ...args: string[]) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  return run('qpdf', [...args, file]);
}

/** What a PDF editor does when it saves a change: a later incremental update after the last `%%EOF`. */
function withAppendedUpdate(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const prev = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1];
  if (!prev) throw new Error('the report does not end with startxref and %%EOF: no PDF update can follow it');
  const root = [...text.matchAll(/\/Root (\d+ \d+ R)/g)].at(-1)![1]!;
  const size = Math.max(...[...text.matchAll(/\/Size (\d+)/g)].map((match) => Number(match[1])));
  const object = `\n${size} 0 obj\n(a later edit)\nendobj\n`;
  const xrefAt = pdf.length + object.length;
  const offset = String(pdf.length + 1).padStart(10, '0');
  const update = `${object}xref\n0 1\n0000000000 65535 f \n${size} 1\n${offset} 00000 n \ntrailer\n<< /Size ${size + 1} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-receipt-signature-'));
  report = await signedReport();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a signed transmission report', () => {
  it('is a PDF that qpdf finds sound, with its signed facts as an embedded file', async () => {
    const check = await qpdf(report, '--check');
    expect(check.output).toContain('No syntax or stream encoding errors found');
    expect(check.code).toBe(0);
    expect(report.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const attachment = await qpdf(report, '--show-attachment=faxline-receipt.json');
    expect(attachment.code).toBe(0);
    expect(JSON.parse(attachment.output)).toEqual(facts);
  });

  it('verifies, and states the facts it was signed with', async () => {
    expect(await verifyReceipt(report, keys)).toEqual({ valid: true, keyId: receiptKeyId(publicKey), facts });
  });

  it('does not verify with any one byte changed, wherever it is', async () => {
    // Every byte of what signing added (facts, signature, cross-reference section, trailer), every 7th before it.
    const update = report.indexOf('%%EOF');
    const positions = Array.from({ length: report.length }, (_, at) => at).filter((at) => at >= update || at % 7 === 0);
    const verified: number[] = [];
    for (const at of positions) {
      const changed = Buffer.from(report);
      changed[at] = changed[at]! ^ 0x01;
      if ((await verifyReceipt(changed, keys)).valid) verified.push(at);
    }
    expect(verified).toEqual([]);
  }, 30_000);

  it('does not verify once anything is added after it, even an update a PDF reader accepts', async () => {
    const edited = withAppendedUpdate(report);
    expect((await qpdf(edited, '--check')).code).toBe(0);
    expect(await verifyReceipt(edited, keys)).toEqual({ valid: false, reason: 'bad_signature' });
    expect((await verifyReceipt(Buffer.concat([report, Buffer.from('\n')]), keys)).valid).toBe(false);
    expect((await verifyReceipt(report.subarray(0, report.length - 1), keys)).valid).toBe(false);
  });

  it('does not verify with a key the server does not publish', async () => {
    const other = generateKeyPairSync('ed25519').publicKey;
    expect(await verifyReceipt(report, new Map([[receiptKeyId(other), other]]))).toEqual({ valid: false, reason: 'unknown_key' });
  });
});

describe('a report issued before reports were PDF updates (signature lines after %%EOF)', () => {
  let old: Buffer;
  let oldKeys: Map<string, KeyObject>;
  beforeAll(async () => {
    old = await readFile(path.join(fixtures, 'report-format-1.pdf'));
    const published = JSON.parse(await readFile(path.join(fixtures, 'report-format-1-key.json'), 'utf8')) as {
      keys: { id: string; publicKeyPem: string }[];
    };
    oldKeys = new Map(published.keys.map((key) => [key.id, createPublicKey(key.publicKeyPem)]));
  });

  it('still verifies, with the facts it was signed with', async () => {
    const check = await verifyReceipt(old, oldKeys);
    expect(check).toMatchObject({ valid: true, keyId: 'd9ea078e0717961f' });
    const oldFacts = ZReceiptFacts.parse((check as { facts: unknown }).facts);
    expect(oldFacts).toMatchObject({ faxId: 'f6052ffd-e4ba-4b14-84c4-73803d043fae', status: 'delivered', pages: 2, pagesConfirmed: 2 });
  });

  it('does not verify with one byte changed', async () => {
    for (const at of [200, Math.floor(old.length / 2), old.toString('latin1').lastIndexOf('%FaxlineReceipt ') + 30, old.length - 20]) {
      const changed = Buffer.from(old);
      changed[at] = changed[at]! ^ 0x01;
      expect((await verifyReceipt(changed, oldKeys)).valid).toBe(false);
    }
  });
});

describe('a report issued before it said which call delivered each page (facts version 1, signed as today)', () => {
  // Made by the code of commit f6bdd95, before decision 123: kept as it was issued, it verifies as it did.
  it('still verifies, states the facts it was signed with, and qpdf finds it sound', async () => {
    const old = await readFile(path.join(fixtures, 'report-format-2-facts-1.pdf'));
    const published = JSON.parse(await readFile(path.join(fixtures, 'report-format-2-facts-1-key.json'), 'utf8')) as {
      keys: { id: string; publicKeyPem: string }[];
    };
    const oldKeys = new Map(published.keys.map((key) => [key.id, createPublicKey(key.publicKeyPem)]));
    const check = await verifyReceipt(old, oldKeys);
    expect(check).toMatchObject({ valid: true, keyId: '7d3f0d0f6e0c8d3d' });
    const oldFacts = ZReceiptFacts.parse((check as { facts: unknown }).facts);
    expect(oldFacts).toMatchObject({ version: 1, pages: 3, pagesConfirmed: 3 });
    expect(oldFacts.pageAttempts).toBeUndefined();
    expect((await qpdf(old, '--check')).code).toBe(0);
    const changed = Buffer.from(old);
    changed[old.length - 40] = changed[old.length - 40]! ^ 0x01;
    expect((await verifyReceipt(changed, oldKeys)).valid).toBe(false);
  });
});

describe('npm run receipt:verify', () => {
  let server: Server;
  let address: string;
  beforeAll(async () => {
    // A server that publishes the key the report issued before was signed with, as the well-known route does.
    const published = await readFile(path.join(fixtures, 'report-format-1-key.json'));
    server = createServer((request, response) => {
      response.writeHead(request.url === '/.well-known/faxline-receipt-key' ? 200 : 404, { 'content-type': 'application/json' });
      response.end(published);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // The command on a report of today's form is proven against a running server (test/integration/receipts.test.ts).
  it('verifies a report issued before', async () => {
    const result = await run(process.execPath, ['--import', 'tsx', cli, path.join(fixtures, 'report-format-1.pdf'), '--server', address]);
    expect(result.output).toContain(`VERIFIED: signed by ${address} (key d9ea078e0717961f)`);
    expect(result.output).toContain('fax f6052ffd-e4ba-4b14-84c4-73803d043fae');
    expect(result.code).toBe(0);
  }, 30_000);
});
