import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { createFax } from '@test-support/factories/faxes';
import { auditEvents } from '../../src/audit/schema';
import { PDFDocument } from 'pdf-lib';
import { renderFaxImage } from '../../src/documents/fax-image/render-fax-image';
import { faxAttempts, faxes } from '../../src/faxes/schema';
import { MEDIA_LINK_SECONDS, mediaLinkOf } from '../../src/lines/media-links';
import { tokenKeyOf } from '../../src/platform/signed-token';
import { openTestApp, type TestApp } from '../support/test-app';

// A carrier fetches the pages of a try from a signed, expiring link to that one try of that one fax.
let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ work: false });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const pathOf = (link: string) => new URL(link).pathname;
const fetchMedia = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': 'CarrierBot/1.0' } });

/** A fax handed to a carrier on its first try, which kept the fax image it handed over (two pages). */
async function faxWithDocument() {
  const account = await createAccount(t);
  const image = await renderFaxImage(await makePdf(2), 'fine');
  const { key } = await t.files.put(image.tiff);
  const fax = await createFax(t, { accountId: account.id, status: 'sending', quality: 'fine' });
  await t.db.insert(faxAttempts).values({ faxId: fax.id, number: 1, line: 'telnyx', imageKey: key });
  return { account, fax, link: (now?: Date) => mediaLinkOf(t.config, { faxId: fax.id, attempt: 1 }, now) };
}

describe('media links', () => {
  it("serves the try's pages to whoever holds its link, as a PDF of the fax image, and records each fetch", async () => {
    const { account, fax, link: linkOf } = await faxWithDocument();
    const link = await linkOf();
    expect(link.startsWith(`${t.config.publicUrl}/media/`)).toBe(true);
    const response = await fetchMedia(pathOf(link));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBe(2);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, fax.id), eq(auditEvents.action, 'fax.media_fetched')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      accountId: account.id,
      actorUserId: null,
      details: { attempt: 1, userAgent: 'CarrierBot/1.0', bytes: response.rawPayload.length },
    });
  });

  it('stops working after an hour, and answers a forged, foreign or malformed token as it answers a missing one', async () => {
    const { fax, link } = await faxWithDocument();
    const expired = await link(new Date(Date.now() - (MEDIA_LINK_SECONDS + 1) * 1000));
    const stillValid = await link(new Date(Date.now() - (MEDIA_LINK_SECONDS - 60) * 1000));
    expect((await fetchMedia(pathOf(stillValid))).statusCode).toBe(200);
    // Another try of the same fax, which kept no pages, opens nothing.
    const otherTry = await mediaLinkOf(t.config, { faxId: fax.id, attempt: 2 });

    const token = pathOf(await link())
      .split('/')
      .pop()!;
    const bytes = Buffer.from(token, 'base64url');
    // Another fax's id under this fax's signature; a longer life under its own signature.
    const otherFax = Buffer.from(bytes);
    otherFax[0] = otherFax[0]! ^ 0xff;
    const longer = Buffer.from(bytes);
    longer.writeUInt32BE(4_102_444_800, 20);
    // The same fax signed with another purpose's key (an unsubscribe link's) opens nothing here.
    const foreignKey = await tokenKeyOf(t.config, 'notification-unsubscribe');
    const foreignPayload = bytes.subarray(0, 24);
    const foreign = Buffer.concat([foreignPayload, createHmac('sha256', foreignKey).update(foreignPayload).digest().subarray(0, 16)]);
    for (const path of [
      pathOf(expired),
      pathOf(otherTry),
      `/media/${otherFax.toString('base64url')}`,
      `/media/${longer.toString('base64url')}`,
      `/media/${foreign.toString('base64url')}`,
      `/media/${token}x`,
      '/media/nothing',
    ]) {
      const response = await fetchMedia(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toMatchObject({ error: { message: 'This media link does not exist or has expired.' } });
    }
  });

  it('answers 404 once the fax is deleted', async () => {
    const { fax, link: linkOf } = await faxWithDocument();
    const link = await linkOf();
    await t.db.delete(faxes).where(eq(faxes.id, fax.id));
    expect((await fetchMedia(pathOf(link))).statusCode).toBe(404);
  });
});
