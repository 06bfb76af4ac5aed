import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZFaxDetails, ZFaxListResponse, ZSendFaxResponse } from '@faxline/shared';
import { inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { createFax } from '@test-support/factories/faxes';
import { KEY_HEADER_LENGTH, SEGMENT_SIZE } from '../../src/platform/files/file-format';
import { faxAttempts, faxFiles, faxes } from '../../src/faxes/schema';
import { sendFaxRequest } from '../support/faxes';
import { startS3Server } from '../support/s3-server';
import { callApi, openTestApp, signIn, type TestApp } from '../support/test-app';

// FILES_BACKEND=s3 (decision 060): the documents, fax images, thumbnails and received faxes of a fax
// between two accounts go to the bucket, encrypted, and come back out of it on download; nothing goes to the folder.

let t: TestApp;
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001', FILES_BACKEND: 's3', ...s3.env } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A download over a real connection: what arrived, and whether the response ended properly or was cut. */
async function downloadOverHttp(url: string, cookie: string): Promise<{ status: number; body: Buffer; complete: boolean }> {
  const address = t.app.server.listening ? t.app.server.address() : null;
  const port =
    address && typeof address === 'object'
      ? address.port
      : (await t.app.listen({ port: 0, host: '127.0.0.1' }), (t.app.server.address() as AddressInfo).port);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { cookie } }, (response) => {
        const pieces: Buffer[] = [];
        response.on('data', (piece: Buffer) => pieces.push(piece));
        response.on('error', () => undefined);
        response.on('close', () => resolve({ status: response.statusCode!, body: Buffer.concat(pieces), complete: response.complete }));
      })
      .on('error', reject);
  });
}

async function customer(name: string) {
  const { owner, number } = await createAccount(t, { owner: { name } });
  return { cookie: await signIn(t.app, owner.email), number: number! };
}

describe('files in an S3-compatible bucket', () => {
  it('keeps a fax to another account in the bucket, encrypted, and serves its downloads from there', async () => {
    const sender = await customer('Sender Clinic');
    const recipient = await customer('Receiving Lab');
    const pdf = await makePdf(2, 'Object storage');

    const response = await sendFaxRequest(t.app, sender.cookie, { recipientNumber: recipient.number, faxQuality: 'fine' }, [
      { name: 'results.pdf', bytes: pdf },
    ]);
    expect(response.statusCode, response.body).toBe(202);
    const { faxId } = ZSendFaxResponse.parse(response.json());
    const statusOf = async () => ZFaxDetails.parse((await get(`/api/faxes/${faxId}`, sender.cookie)).json()).status;
    await expect.poll(statusOf, { timeout: 60_000, interval: 250 }).toBe('delivered');
    const received = ZFaxListResponse.parse((await get('/api/faxes?direction=inbound', recipient.cookie)).json()).faxes[0]!;

    // The sender's document of record and fax image, and the recipient's copy, downloaded out of the bucket.
    const document = await get(`/api/faxes/${faxId}/document`, sender.cookie);
    expect(document.statusCode).toBe(200);
    expect(document.headers['x-content-sha256']).toBe(sha256(document.rawPayload));
    expect((await PDFDocument.load(document.rawPayload)).getPageCount()).toBe(2);
    const image = await get(`/api/faxes/${faxId}/image`, sender.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(0, 2).toString()).toMatch(/^(II|MM)$/);
    const copy = await get(`/api/faxes/${received.id}/document`, recipient.cookie);
    expect((await PDFDocument.load(copy.rawPayload)).getPageCount()).toBe(2);
    expect((await get(`/api/faxes/${received.id}/thumbnail`, recipient.cookie)).headers['content-type']).toBe('image/png');

    // Every file the two faxes refer to is an object of the bucket, and only those.
    const rows = await t.db
      .select()
      .from(faxes)
      .where(inArray(faxes.id, [faxId, received.id]));
    const uploads = await t.db
      .select()
      .from(faxFiles)
      .where(inArray(faxFiles.faxId, [faxId]));
    const tries = await t.db
      .select()
      .from(faxAttempts)
      .where(inArray(faxAttempts.faxId, [faxId]));
    const keys = [
      ...rows.flatMap((row) => [row.documentKey, row.imageKey, row.thumbnailKey]),
      ...uploads.map((upload) => upload.storageKey),
      ...tries.map((attempt) => attempt.imageKey),
    ].filter((key): key is string => key !== null);
    // The upload, the document of record, the fax image and thumbnail; the received copy and its thumbnail.
    expect(keys).toHaveLength(6);
    expect((await s3.objects()).sort()).toEqual([...new Set(keys)].sort());

    // Encrypted: neither the uploaded PDF nor the document served from it appears in any object.
    const plainSamples = [pdf.subarray(200, 264), document.rawPayload.subarray(300, 364)].map((sample) => Buffer.from(sample));
    for (const key of keys) {
      const stored = await s3.objectBytes(key);
      expect(stored.subarray(0, 4).toString()).toBe('FXL2');
      for (const sample of plainSamples) expect(stored.includes(sample)).toBe(false);
    }
    // And nothing was written to the local files folder.
    expect(await fs.readdir(t.env.filesDir)).toEqual([]);
  }, 90_000);

  it('takes the files of a deleted fax out of the bucket', async () => {
    const sender = await customer('Second Clinic');
    const recipient = await customer('Second Lab');
    const response = await sendFaxRequest(t.app, sender.cookie, { recipientNumber: recipient.number, faxQuality: 'standard' }, [
      { name: 'note.pdf', bytes: await makePdf(1) },
    ]);
    const { faxId } = ZSendFaxResponse.parse(response.json());
    const statusOf = async () => ZFaxDetails.parse((await get(`/api/faxes/${faxId}`, sender.cookie)).json()).status;
    await expect.poll(statusOf, { timeout: 60_000, interval: 250 }).toBe('delivered');
    const [row] = await t.db
      .select()
      .from(faxes)
      .where(inArray(faxes.id, [faxId]));
    const [upload] = await t.db
      .select()
      .from(faxFiles)
      .where(inArray(faxFiles.faxId, [faxId]));
    const keys = [row!.documentKey!, row!.imageKey!, row!.thumbnailKey!, upload!.storageKey];
    expect(await s3.objects()).toEqual(expect.arrayContaining(keys));

    const deleted = await callApi(t.app, 'DELETE', `/api/faxes/${faxId}`, { cookie: sender.cookie });

    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await s3.objects();
    for (const key of keys) expect(left).not.toContain(key);
  }, 60_000);

  it('streams a large document out of the bucket, and cuts the download short at a damaged segment, before its bytes', async () => {
    const { owner } = await createAccount(t);
    const cookie = await signIn(t.app, owner.email);
    const document = randomBytes(1_500_000);
    const stored = await t.files.put(document);
    const fax = await createFax(t, { accountId: owner.accountId, documentKey: stored.key, documentSha256: stored.sha256 });

    const whole = await get(`/api/faxes/${fax.id}/document`, cookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(document)).toBe(true);

    // One bit of the ciphertext of the segment that holds byte 1,000,000.
    const segment = Math.floor(1_000_000 / SEGMENT_SIZE);
    const object = await s3.objectBytes(stored.key);
    object[KEY_HEADER_LENGTH + 7 + segment * (SEGMENT_SIZE + 16) + 10]! ^= 1;
    await s3.overwriteObject(stored.key, object);

    const cut = await downloadOverHttp(`/api/faxes/${fax.id}/document`, cookie);
    expect(cut.status).toBe(200);
    expect(cut.complete).toBe(false);
    const released = cut.body;
    // What came out before the damage is the document's own bytes; nothing of the damaged segment came out.
    expect(released.length).toBeGreaterThan(0);
    expect(released.length).toBeLessThanOrEqual(segment * SEGMENT_SIZE);
    expect(released.equals(document.subarray(0, released.length))).toBe(true);
  }, 60_000);
});
