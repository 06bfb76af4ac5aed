import { execFile } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SANDBOX_TEST_NUMBERS, ZReceiptVerification, ZSendFaxResponse, type TReceiptFacts } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, PDFArray, PDFDict } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSinchSimulator, type SinchSimulator } from '@test-support/carriers/sinch';
import { makePdf } from '@test-support/factories/documents';
import { freePort } from '@test-support/faxline-process';
import { readTiffPages } from '../../src/documents/fax-image/fax-tiff';
import { auditEvents } from '../../src/audit/schema';
import { faxAttempts, faxes } from '../../src/faxes/schema';
import { unlimitedCustomer } from '../support/fax-battery';
import { sendFaxRequest } from '../support/faxes';
import { callApi, openTestApp, signIn, type TestApp } from '../support/test-app';

// Resume anywhere and the evidence of a delivery (decision 123): a carrier that got one page of three through is
// handed only the other two on the retry; a sandbox remote that hangs up partway is called again for the rest; the
// transmission report names the call that delivered each page; the evidence pack (PDF/A-3b) holds the pages as each
// call sent them, the calls and the audit trail, passes qpdf, and verifies by the API and the command.
const execFileAsync = promisify(execFile);
const CARRIER_NUMBER = '+33142000201';
let t: TestApp;
let sinch: SinchSimulator;
let cookie: string;
let dir: string;
let resumedFaxId: string;
let partialFaxId: string;

async function until<T>(what: string, read: () => Promise<T | undefined | null>): Promise<T> {
  const by = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > by) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const finalFax = (faxId: string) =>
  until(`fax ${faxId} to end`, async () => {
    const [fax] = await t.db.select().from(faxes).where(eq(faxes.id, faxId));
    return fax && ['delivered', 'partially_delivered', 'failed', 'canceled'].includes(fax.status) ? fax : null;
  });

const attemptsOf = (faxId: string) => t.db.select().from(faxAttempts).where(eq(faxAttempts.faxId, faxId)).orderBy(faxAttempts.number);

async function send(to: string, pages: number): Promise<string> {
  const response = await sendFaxRequest(
    t.app,
    cookie,
    { recipientNumber: to, faxQuality: 'fine' },
    [{ name: 'a.pdf', bytes: await makePdf(pages) }],
    {
      origin: t.config.publicUrl,
    },
  );
  expect(response.statusCode, response.body).toBe(202);
  return ZSendFaxResponse.parse(response.json()).faxId;
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
const factsOf = async (bytes: Uint8Array): Promise<TReceiptFacts> => {
  const check = await verify(bytes);
  if (!check.valid) throw new Error(`does not verify: ${check.reason}`);
  return check.facts;
};

async function run(command: string, args: string[]) {
  return execFileAsync(command, args, { encoding: 'utf8', maxBuffer: 20 * 1024 * 1024 }).then(
    (result) => ({ code: 0, output: result.stdout + result.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  );
}
async function onDisk(name: string, bytes: Uint8Array) {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}
const pageHashes = (tiff: Uint8Array) =>
  readTiffPages(tiff).map((page) =>
    createHash('sha256')
      .update(Buffer.concat(page.strips.map((strip) => tiff.subarray(strip.offset, strip.offset + strip.length))))
      .digest('hex'),
  );

beforeAll(async () => {
  const port = await freePort();
  sinch = await startSinchSimulator();
  t = await openTestApp({
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      FAX_CLOCK_SCALE: '0.001',
      SINCH_API_URL: sinch.url,
      SINCH_NUMBERS_API_URL: sinch.url,
      SINCH_PROJECT_ID: sinch.projectId,
      SINCH_KEY_ID: sinch.keyId,
      SINCH_KEY_SECRET: sinch.keySecret,
      SINCH_WEBHOOK_SECRET: sinch.webhookSecret,
      CARRIER_ROUTES: '+33=sinch',
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  cookie = await signIn(t.app, (await unlimitedCustomer(t, 'Evidence Sender')).email);
  dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-evidence-'));
  // The carrier's first call drops after page 1; its second goes through.
  sinch.outcomesInTurn(CARRIER_NUMBER, [{ result: 'failed', error: 'call_dropped', pagesSent: 1 }, { result: 'completed' }]);
  [resumedFaxId, partialFaxId] = await Promise.all([send(CARRIER_NUMBER, 3), send(SANDBOX_TEST_NUMBERS.partial_delivery, 3)]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sinch?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('resume anywhere', () => {
  it('hands the carrier only the pages not yet confirmed on the retry, and every page is confirmed once', async () => {
    expect(await finalFax(resumedFaxId)).toMatchObject({ status: 'delivered', line: 'sinch', pages: 3, pagesSent: 3 });
    const attempts = await attemptsOf(resumedFaxId);
    expect(attempts.map(({ number, firstPage, pagesSent, result }) => ({ number, firstPage, pagesSent, result }))).toEqual([
      { number: 1, firstPage: 1, pagesSent: 1, result: 'partially_delivered' },
      { number: 2, firstPage: 2, pagesSent: 2, result: 'delivered' },
    ]);
    // What the carrier fetched by each try's media link: the whole fax, then pages 2 and 3 only.
    const sent = sinch.faxes.filter((fax) => fax.fax.to === CARRIER_NUMBER);
    const fetchedPages = await Promise.all(sent.map(async (fax) => (await PDFDocument.load(fax.document!)).getPageCount()));
    expect(fetchedPages).toEqual([3, 2]);
    // The retry's pages are the first try's pages 2 and 3, byte for byte (their header lines included).
    const [first, second] = await Promise.all(attempts.map(async (attempt) => new Uint8Array(await t.files.get(attempt.imageKey!))));
    expect(pageHashes(second!)).toEqual(pageHashes(first!).slice(1));
  }, 90_000);

  it('does not end a partial delivery while tries remain: the sandbox remote is called again for the rest', async () => {
    // The remote hangs up after half the pages each call: 1 of 3, then 1 of the 2 left; the last page alone fails.
    expect(await finalFax(partialFaxId)).toMatchObject({ status: 'partially_delivered', pages: 3, pagesSent: 2 });
    const attempts = await attemptsOf(partialFaxId);
    expect(attempts.map(({ firstPage, pagesSent, result }) => ({ firstPage, pagesSent, result }))).toEqual([
      { firstPage: 1, pagesSent: 1, result: 'partially_delivered' },
      { firstPage: 2, pagesSent: 1, result: 'partially_delivered' },
      { firstPage: 3, pagesSent: 0, result: 'line_quality' },
    ]);
  }, 90_000);
});

describe('the transmission report and the evidence pack', () => {
  it('the report names the call that delivered each page, and hashes each page as that call carried it', async () => {
    const response = await callApi(t.app, 'GET', `/api/faxes/${resumedFaxId}/receipt`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    const facts = await factsOf(response.rawPayload);
    expect(facts).toMatchObject({ version: 2, document: 'transmission_report', pagesConfirmed: 3, pageAttempts: [1, 2, 2] });
    const attempts = await attemptsOf(resumedFaxId);
    const [first, second] = await Promise.all(attempts.map(async (attempt) => new Uint8Array(await t.files.get(attempt.imageKey!))));
    expect(facts.pageSha256).toEqual([pageHashes(first!)[0], ...pageHashes(second!)]);
    expect((await run('qpdf', ['--check', await onDisk('report.pdf', response.rawPayload)])).code).toBe(0);
  });

  it('the evidence pack is a PDF/A-3b qpdf finds sound, with the pages each call sent, the calls and the audit trail', async () => {
    const response = await callApi(t.app, 'GET', `/api/faxes/${resumedFaxId}/evidence-pack`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="fax-evidence-.*\.pdf"$/);
    const pack = response.rawPayload;
    const file = await onDisk('pack.pdf', pack);
    if (process.env.EVIDENCE_SNAPSHOT) await writeFile(process.env.EVIDENCE_SNAPSHOT, pack);
    const check = await run('qpdf', ['--check', file]);
    expect(check.output).toContain('No syntax or stream encoding errors found');
    expect(check.code).toBe(0);

    const facts = await factsOf(pack);
    const report = (await callApi(t.app, 'GET', `/api/faxes/${resumedFaxId}/receipt`, { cookie })).rawPayload;
    const reportFacts = await factsOf(report);
    expect(facts).toMatchObject({ version: 2, document: 'evidence_pack', pageAttempts: [1, 2, 2], pageSha256: reportFacts.pageSha256 });

    // PDF/A: its identification in the XMP metadata, an sRGB output intent, every font embedded.
    const document = await PDFDocument.load(pack, { updateMetadata: false });
    const metadata = document.catalog.lookup(PDFName.of('Metadata'));
    expect(metadata).toBeInstanceOf(PDFRawStream);
    const xmp = Buffer.from((metadata as PDFRawStream).getContents()).toString('utf8');
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    const intent = document.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict);
    expect(intent.get(PDFName.of('S'))?.toString()).toBe('/GTS_PDFA1');
    const profile = intent.lookup(PDFName.of('DestOutputProfile')) as PDFRawStream;
    expect(Buffer.from(decodePDFRawStream(profile).decode()).subarray(36, 40).toString('latin1')).toBe('acsp');
    const fonts = await run('pdffonts', [file]);
    const fontRows = fonts.output.split('\n').slice(2).filter(Boolean);
    expect(fontRows.length).toBeGreaterThan(0);
    for (const row of fontRows) expect(row.split(/\s+/).at(-5), row).toBe('yes');

    // Every page as each call sent it: the very G4 data of the fax images, 3 pages and then 2.
    const images = await run('pdfimages', ['-list', file]);
    expect(images.output.split('\n').filter((line) => /\bccitt\b/.test(line))).toHaveLength(5);
    const text = (await run('pdftotext', ['-layout', file, '-'])).output;
    expect(text).toContain('Evidence Pack');
    expect(text).toContain(facts.pageSha256[2]!);
    expect(text).toContain('fax.download');
    expect(text).toContain('Evidence Sender');
    const published = (await t.app.inject({ method: 'GET', url: '/.well-known/faxline-receipt-key' })).json<{
      keys: { publicKeyPem: string }[];
    }>();
    const fingerprint = createHash('sha256')
      .update(createPublicKey(published.keys[0]!.publicKeyPem).export({ type: 'spki', format: 'der' }))
      .digest('hex');
    expect(text.replace(/\s+/g, '')).toContain(fingerprint);
    // The signed report, attached as it was issued.
    const attached = await execFileAsync('qpdf', ['--show-attachment=fax-transmission-report.pdf', file], { encoding: 'buffer' });
    expect(Buffer.compare(attached.stdout, report)).toBe(0);

    // Its download is in the fax's audit trail.
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, resumedFaxId), eq(auditEvents.action, 'fax.download')));
    expect(rows.map((row) => row.details)).toContainEqual({ file: 'evidence_pack' });
  });

  it('does not verify with one byte changed, and verifies with the command', async () => {
    const pack = (await callApi(t.app, 'GET', `/api/faxes/${resumedFaxId}/evidence-pack`, { cookie })).rawPayload;
    for (const at of [300, Math.floor(pack.length / 2), pack.length - 20]) {
      const changed = Buffer.from(pack);
      changed[at] = changed[at]! ^ 0x01;
      expect((await verify(changed)).valid).toBe(false);
    }
    const tampered = Buffer.from(pack);
    tampered[400] = tampered[400]! ^ 0x20;
    const command = (file: string) => run('npx', ['tsx', 'apps/server/src/cli/verify-receipt.ts', file, '--server', t.config.publicUrl]);
    const [good, bad] = await Promise.all([command(await onDisk('good-pack.pdf', pack)), command(await onDisk('bad-pack.pdf', tampered))]);
    expect(good.output).toContain(`VERIFIED: signed by ${t.config.publicUrl}`);
    expect(good.output).toContain('evidence pack');
    expect(good.code).toBe(0);
    expect(bad.output).toContain('NOT VERIFIED (bad_signature)');
    expect(bad.code).toBe(1);
  }, 60_000);

  it("a partial delivery's report and pack pass qpdf too; another account gets neither", async () => {
    await finalFax(partialFaxId);
    for (const file of ['receipt', 'evidence-pack']) {
      const response = await callApi(t.app, 'GET', `/api/faxes/${partialFaxId}/${file}`, { cookie });
      expect(response.statusCode, response.body).toBe(200);
      const facts = await factsOf(response.rawPayload);
      expect(facts).toMatchObject({ status: 'partially_delivered', pagesConfirmed: 2, pageAttempts: [1, 2] });
      expect((await run('qpdf', ['--check', await onDisk(`partial-${file}.pdf`, response.rawPayload)])).code).toBe(0);
    }
    const stranger = await signIn(t.app, (await unlimitedCustomer(t, 'Stranger')).email);
    expect((await callApi(t.app, 'GET', `/api/faxes/${partialFaxId}/evidence-pack`, { cookie: stranger })).statusCode).toBe(404);
  }, 90_000);
});
