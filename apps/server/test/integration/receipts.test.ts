import { execFile } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SANDBOX_TEST_NUMBERS, ZReceiptKeys, ZReceiptVerification, ZSendFaxResponse } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { readTiffPages } from '../../src/documents/fax-image/fax-tiff';
import { faxAttempts } from '../../src/faxes/schema';
import { verifyReceipt } from '../../src/receipts/receipt-signature';
import { sendFaxRequest } from '../support/faxes';
import { callApi, openTestApp, signIn, type TestApp } from '../support/test-app';

// A delivered fax has a signed transmission report; it verifies with the published key, here, by
// the API and by the command; one changed byte and it does not.
const execFileAsync = promisify(execFile);
let t: TestApp;
let cookie: string;
let faxId: string;
let receipt: Buffer;
let dir: string;

async function sendAndWait(recipientNumber: string, pages: number, status: string) {
  const response = await sendFaxRequest(t.app, cookie, { recipientNumber, faxQuality: 'fine' }, [
    { name: 'a.pdf', bytes: await makePdf(pages) },
  ]);
  const { faxId: id } = ZSendFaxResponse.parse(response.json());
  const statusNow = async () => (await callApi(t.app, 'GET', `/api/faxes/${id}`, { cookie })).json<{ status: string }>().status;
  for (const started = Date.now(); (await statusNow()) !== status;) {
    if (Date.now() - started > 60_000) throw new Error(`fax ${id} is ${await statusNow()}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return id;
}

const verify = async (bytes: Uint8Array) =>
  ZReceiptVerification.parse(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/receipts/verify',
        headers: { 'content-type': 'application/pdf' },
        payload: Buffer.from(bytes),
      })
    ).json(),
  );

beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
  const account = await createAccount(t);
  cookie = await signIn(t.app, account.owner.email);
  faxId = await sendAndWait(SANDBOX_TEST_NUMBERS.delivers, 3, 'delivered');
  const response = await callApi(t.app, 'GET', `/api/faxes/${faxId}/receipt`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  receipt = response.rawPayload;
  dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-receipts-'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the transmission report', () => {
  it('states what the line confirmed, with the SHA-256 of each transmitted page, in a PDF that opens', async () => {
    const check = await verify(receipt);
    expect(check.valid).toBe(true);
    const { facts } = check as Extract<typeof check, { valid: true }>;
    expect(facts).toMatchObject({
      faxId,
      status: 'delivered',
      toNumber: SANDBOX_TEST_NUMBERS.delivers,
      remoteIdent: SANDBOX_TEST_NUMBERS.delivers,
      pages: 3,
      pagesConfirmed: 3,
      bitRate: 14_400,
      ecm: true,
    });
    expect(facts.lineMs).toBeGreaterThan(30_000);
    // The rendered image, and the image the call carried: the same pages under their header lines, which the hashes are of.
    const image = (await callApi(t.app, 'GET', `/api/faxes/${faxId}/image`, { cookie })).rawPayload;
    expect(facts.imageSha256).toBe(createHash('sha256').update(image).digest('hex'));
    const [attempt] = await t.db.select().from(faxAttempts).where(eq(faxAttempts.faxId, faxId));
    const carried = Buffer.from(await t.files.get(attempt!.imageKey!));
    expect(facts.attempts[0]!.imageSha256).toBe(createHash('sha256').update(carried).digest('hex'));
    const hashes = (tiff: Buffer) =>
      readTiffPages(tiff).map((page) =>
        createHash('sha256')
          .update(Buffer.concat(page.strips.map((strip) => tiff.subarray(strip.offset, strip.offset + strip.length))))
          .digest('hex'),
      );
    expect(facts.pageSha256).toEqual(hashes(carried));
    expect(facts.pageSha256[0]).not.toBe(hashes(image)[0]);
    expect(readTiffPages(carried)[0]!.height).toBe(readTiffPages(image)[0]!.height + 32);
    const pdf = await PDFDocument.load(receipt);
    expect(pdf.getPageCount()).toBe(1);
    const file = path.join(dir, 'report.pdf');
    await writeFile(file, receipt);
    const { stdout } = await execFileAsync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    if (process.env.RECEIPT_SNAPSHOT) await writeFile(process.env.RECEIPT_SNAPSHOT, receipt);
    expect(stdout).toContain('Transmission Report');
    expect(stdout).toContain(facts.pageSha256[2]!);
    // A sound PDF to the strictest reader, its signed facts an attachment any reader lists.
    const qpdf = await execFileAsync('qpdf', ['--check', file], { encoding: 'utf8' }).then(
      (result) => ({ code: 0, output: result.stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
    );
    expect(qpdf.output).toContain('No syntax or stream encoding errors found');
    expect(qpdf.code).toBe(0);
    const attachment = await execFileAsync('qpdf', ['--show-attachment=faxline-receipt.json', file], { encoding: 'utf8' });
    expect(JSON.parse(attachment.stdout)).toEqual(facts);
  });

  it('is the same file at every download', async () => {
    const again = (await callApi(t.app, 'GET', `/api/faxes/${faxId}/receipt`, { cookie })).rawPayload;
    expect(again.equals(receipt)).toBe(true);
  });

  it('does not verify with one byte changed: in the PDF, in its facts, or in its signature', async () => {
    // The signed facts and the signature come after the report's own first end-of-file marker.
    const facts = receipt.indexOf('%%EOF') + 30;
    for (const at of [200, Math.floor(receipt.length / 2), facts, receipt.length - 20, receipt.length - 1]) {
      const changed = Buffer.from(receipt);
      changed[at] = changed[at]! ^ 0x01;
      expect((await verify(changed)).valid).toBe(false);
    }
    expect(await verify(await makePdf(1))).toEqual({ valid: false, reason: 'unsigned' });
  });

  it('verifies with the published key alone, and with the command', async () => {
    const published = ZReceiptKeys.parse((await t.app.inject({ method: 'GET', url: '/.well-known/faxline-receipt-key' })).json());
    const keys = new Map(published.keys.map((key) => [key.id, createPublicKey(key.publicKeyPem)]));
    expect((await verifyReceipt(receipt, keys)).valid).toBe(true);

    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const good = path.join(dir, 'good.pdf');
    const bad = path.join(dir, 'bad.pdf');
    await writeFile(good, receipt);
    const tampered = Buffer.from(receipt);
    tampered[300] = tampered[300]! ^ 0x20;
    await writeFile(bad, tampered);
    const command = (file: string) =>
      execFileAsync('npx', ['tsx', 'apps/server/src/cli/verify-receipt.ts', file, '--server', address], { encoding: 'utf8' }).then(
        (result) => ({ code: 0, stdout: result.stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const [ok, notOk] = await Promise.all([command(good), command(bad)]);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.stdout).toContain(`VERIFIED: signed by ${address}`);
    expect(notOk).toMatchObject({ code: 1 });
    expect(notOk.stdout).toContain('NOT VERIFIED (bad_signature)');
  }, 60_000);

  it('exists only for a fax the line delivered, and only for its account', async () => {
    const failed = await sendAndWait(SANDBOX_TEST_NUMBERS.not_a_fax_machine, 1, 'failed');
    expect((await callApi(t.app, 'GET', `/api/faxes/${failed}/receipt`, { cookie })).statusCode).toBe(404);
    const other = await createAccount(t);
    const otherCookie = await signIn(t.app, other.owner.email);
    expect((await callApi(t.app, 'GET', `/api/faxes/${faxId}/receipt`, { cookie: otherCookie })).statusCode).toBe(404);
  }, 90_000);
});
