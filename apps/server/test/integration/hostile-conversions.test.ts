import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ZApiError, ZSendFaxResponse } from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faxes } from '../../src/faxes/schema';
import { makePdf } from '@test-support/factories/documents';
import { createUser } from '@test-support/factories/accounts';
import { convertFixture } from '../support/documents';
import { sendFaxRequest } from '../support/faxes';
import { blankPng, docxLike, filler } from '../support/hostile-files';
import { livingMembersOf } from '../support/process-groups';
import { openTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Converters in a box (docs/decisions/022): a conversion that never ends is stopped by its box, whole, and does not
 * hold up another account's fax; hostile files that can be seen for what they are fail at once, with their message.
 *
 * The stuck conversion is a stand-in for LibreOffice put first on the PATH: like `soffice`, it leaves its work to a
 * child and waits on it; so it stays stuck on any machine, whatever its speed. The child sleeps rather than spins:
 * a spinning child took one of CI's two cores from the fax that must be delivered meanwhile, which then came later than
 * the box's time limit (the CPU limit is the converter box's own unit test).
 */

const TIMEOUT_SECONDS = 20;
let t: TestApp;
let shimDir: string;
let originalPath: string | undefined;
let docx: Uint8Array;
let pdf: Uint8Array;

beforeAll(async () => {
  // Made with the real LibreOffice, before the stand-in goes on the PATH.
  docx = await convertFixture(new TextEncoder().encode('Referral letter\n\nPlease see the patient on Monday.'), 'txt', 'docx');
  pdf = await makePdf(1);
  shimDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-stuck-soffice-'));
  await fs.writeFile(path.join(shimDir, 'soffice'), `#!/bin/sh\necho $$ > '${shimDir}/group'\nsleep 600 &\nwait\n`, {
    mode: 0o755,
  });
  originalPath = process.env.PATH;
  process.env.PATH = `${shimDir}:${originalPath}`;
  t = await openTestApp({
    env: { FAX_CLOCK_SCALE: '0.001', RENDER_CONCURRENCY: '2', CONVERTER_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) },
  });
}, 180_000);
afterAll(async () => {
  process.env.PATH = originalPath;
  await t?.close();
  await fs.rm(shimDir, { recursive: true, force: true });
});

async function customer(app = t) {
  const person = await createUser(app);
  return { cookie: await signIn(app.app, person.email) };
}

const base = { recipientNumber: '+12025550143', faxQuality: 'fine' };
const faxRow = async (id: string) => (await t.db.select().from(faxes).where(eq(faxes.id, id)))[0]!;

describe('conversions in a box', () => {
  it("stops a stuck Word conversion, whole, while another account's PDF fax is delivered", async () => {
    const hostile = await customer();
    const other = await customer();

    // What can be seen for what it is fails at once, with its message, and starts no converter.
    const bomb = await sendFaxRequest(t.app, hostile.cookie, base, [
      { name: 'contract.docx', bytes: docxLike([{ name: 'word/document.xml', data: filler(110 * 1024 * 1024) }]) },
    ]);
    expect(bomb.statusCode).toBe(400);
    expect(ZApiError.parse(bomb.json()).error.message).toMatch(/^File "contract.docx" unpacks to more than 100 MB/);
    const poster = await sendFaxRequest(t.app, hostile.cookie, base, [{ name: 'poster.png', bytes: await blankPng(30_000, 30_000) }]);
    expect(poster.statusCode).toBe(400);
    expect(ZApiError.parse(poster.json()).error.message).toMatch(/^Image "poster.png" is 30,000 × 30,000 pixels/);

    const stuck = ZSendFaxResponse.parse(
      (await sendFaxRequest(t.app, hostile.cookie, base, [{ name: 'referral.docx', bytes: docx }])).json(),
    );
    await expect.poll(() => fs.readFile(path.join(shimDir, 'group'), 'utf8').catch(() => ''), { timeout: 30_000 }).not.toBe('');
    const group = Number(await fs.readFile(path.join(shimDir, 'group'), 'utf8'));
    expect(await livingMembersOf(group)).toBe(2);

    const sent = Date.now();
    const fine = ZSendFaxResponse.parse((await sendFaxRequest(t.app, other.cookie, base, [{ name: 'scan.pdf', bytes: pdf }])).json());
    await expect.poll(async () => (await faxRow(fine.faxId)).status, { timeout: 60_000, interval: 200 }).toBe('delivered');
    // Delivered while the stuck conversion still held its slot: it did not wait behind it.
    expect((await faxRow(stuck.faxId)).status).toBe('converting');
    expect(Date.now() - sent).toBeLessThan(TIMEOUT_SECONDS * 1000);

    await expect
      .poll(async () => (await faxRow(stuck.faxId)).status, { timeout: (TIMEOUT_SECONDS + 30) * 1000, interval: 250 })
      .toBe('failed');
    expect(await faxRow(stuck.faxId)).toMatchObject({
      failureReason: 'conversion_error',
      failureMessage: '"referral.docx" could not be converted: it is too large or damaged.',
    });
    // The stand-in and the child it left spinning are both gone.
    expect(await livingMembersOf(group)).toBe(0);
  }, 120_000);
  it('answers the preview of a conversion that never ends with a 400 naming the file, not a 500', async () => {
    const person = await customer();
    const response = await sendFaxRequest(t.app, person.cookie, base, [{ name: 'referral.docx', bytes: docx }], {}, '/api/faxes/preview');
    expect(response.statusCode).toBe(400);
    expect(ZApiError.parse(response.json()).error.message).toBe(
      'File "referral.docx" could not be converted: it is too large or damaged. Save it again as PDF, or split it, and attach that.',
    );
  }, 60_000);
});

describe('fair conversions', () => {
  let queued: TestApp;
  beforeAll(async () => {
    // No worker: the jobs stay queued, in the order a worker would take them.
    queued = await openTestApp({ work: false });
  }, 120_000);
  afterAll(() => queued?.close());

  it("queues one account's many conversions turn about with another account's one", async () => {
    const busy = await customer(queued);
    const other = await customer(queued);
    const send = async (cookie: string) =>
      ZSendFaxResponse.parse((await sendFaxRequest(queued.app, cookie, base, [{ name: 'scan.pdf', bytes: pdf }])).json()).faxId;
    const busyFaxes = [await send(busy.cookie), await send(busy.cookie), await send(busy.cookie)];
    const otherFax = await send(other.cookie);
    const order = await queued.db.execute<{ fax_id: string }>(sql`
      select data->>'faxId' as fax_id from pgboss.job where name = 'faxes.prepare' order by priority desc, created_on, id`);
    // pg-boss takes jobs by priority, then age: the other account's fax comes second, not fourth.
    expect(order.rows.map((row) => row.fax_id)).toEqual([busyFaxes[0], otherFax, busyFaxes[1], busyFaxes[2]]);
  }, 60_000);
});
