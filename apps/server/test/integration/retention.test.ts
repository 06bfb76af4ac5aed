import fs from 'node:fs/promises';
import path from 'node:path';
import { ZApiError, ZFaxDetails, ZFaxListResponse, ZFaxRetention, ZRetentionSettings, ZSendFaxResponse } from '@faxline/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf, makePng } from '@test-support/factories/documents';
import { createFax } from '@test-support/factories/faxes';
import { auditEvents } from '../../src/audit/schema';
import { faxes } from '../../src/faxes/schema';
import { fixedClock, setClock } from '../../src/platform/clock';
import { zeroFootprintJob } from '../../src/retention/jobs/zero-footprint-job';
import { nextRunAfter, RETENTION_CRON, runRetention } from '../../src/retention/run-retention';
import { sendFaxRequest } from '../support/faxes';
import { startS3Server } from '../support/s3-server';
import { callApi, openTestApp, signIn, type TestApp } from '../support/test-app';

// Retention, legal hold and zero-footprint mode (decision 108), with the file store's two backends: the folder (`t`)
// and an S3-compatible bucket (`s`). The daily run is moved by the test clock (decision 031), never by waiting.

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let s: TestApp;
let s3: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  s3 = await startS3Server();
  [t, s] = await Promise.all([
    openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } }),
    openTestApp({ env: { FAX_CLOCK_SCALE: '0.001', FILES_BACKEND: 's3', ...s3.env } }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.close(), s?.close()]);
  await s3?.stop();
});
afterEach(() => setClock());

async function customer(app: TestApp, options: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(app, options);
  return { ...account, cookie: await signIn(app.app, account.owner.email) };
}

const api = (app: TestApp, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object, language?: string) =>
  callApi(app.app, method, url, { cookie, ...(payload ? { payload } : {}), ...(language ? { language } : {}) });

async function details(app: TestApp, id: string, cookie: string) {
  const response = await api(app, 'GET', `/api/faxes/${id}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZFaxDetails.parse(response.json());
}

/** A final fax with every kind of content a fax keeps: attachment, document of record, image, thumbnail, words. */
async function faxWithContent(app: TestApp, fields: Parameters<typeof createFax>[1]) {
  const [document, image, thumbnail, text] = await Promise.all([
    app.files.put(await makePdf(1, 'Patient record')),
    app.files.put(new Uint8Array(64).fill(7)),
    app.files.put(makePng()),
    app.files.put(new TextEncoder().encode('Patient record')),
  ]);
  return createFax(app, {
    ...fields,
    documentKey: document.key,
    documentSha256: document.sha256,
    imageKey: image.key,
    thumbnailKey: thumbnail.key,
    textKey: text.key,
    coverMessage: 'Confidential results',
    files: [{ name: 'results.pdf', bytes: await makePdf(1, 'Results') }],
  });
}

/** Every file kept in a folder backend, whatever its sub-folders. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const fileKeysOf = async (app: TestApp, id: string) => {
  const [row] = await app.db.select().from(faxes).where(eq(faxes.id, id));
  return [row!.documentKey, row!.imageKey, row!.thumbnailKey, row!.textKey].filter((key): key is string => key !== null);
};

describe('a retention period', () => {
  it('deletes the content of faxes past it at the daily run, keeps their rows and audit rows, and leaves younger and held ones', async () => {
    const owner = await customer(t, { members: [{ role: 'user' }] });
    const member = await signIn(t.app, owner.members[0]!.email);
    const start = new Date();
    // A minute before a daily run two days on: the settings' next run is that one.
    const runAt = new Date(nextRunAfter(new Date(start.getTime() + 2 * DAY)).getTime() - 60_000);

    // Only the owner and sub-admins keep the policy.
    expect((await api(t, 'PUT', '/api/retention/policy', member, { days: 1, zeroFootprint: false })).statusCode).toBe(403);
    const refused = await api(t, 'PUT', '/api/retention/policy', owner.cookie, { days: 0, zeroFootprint: false }, 'fr');
    expect(refused.statusCode).toBe(400);
    expect(ZApiError.parse(refused.json()).error.issues?.[0]?.message).toMatch(/entre 1 et 3650/);
    const saved = await api(t, 'PUT', '/api/retention/policy', owner.cookie, { days: 1, zeroFootprint: false });
    expect(saved.statusCode, saved.body).toBe(200);

    const heldNumber = '+12025550177';
    const old = await faxWithContent(t, { accountId: owner.id, userId: owner.owner.id, createdAt: start });
    const young = await faxWithContent(t, { accountId: owner.id, userId: owner.owner.id, createdAt: new Date(runAt.getTime() - DAY / 2) });
    const held = await faxWithContent(t, { accountId: owner.id, userId: owner.owner.id, createdAt: start });
    const toHeldNumber = await faxWithContent(t, { accountId: owner.id, userId: owner.owner.id, createdAt: start, toNumber: heldNumber });
    // A run cut short after removing a fax's files, before recording it: the next run finishes it.
    const halfDone = await faxWithContent(t, { accountId: owner.id, userId: owner.owner.id, createdAt: start });
    for (const key of await fileKeysOf(t, halfDone.id)) await t.files.remove(key);

    // Holds on one fax and on a number, with their reasons; the same hold twice is refused.
    const hold = { scope: 'fax', faxId: held.id, reason: 'Litigation 2026-114' };
    expect((await api(t, 'POST', '/api/retention/holds', owner.cookie, hold)).statusCode).toBe(201);
    expect((await api(t, 'POST', '/api/retention/holds', owner.cookie, hold)).statusCode).toBe(409);
    expect((await api(t, 'POST', '/api/retention/holds', member, hold)).statusCode).toBe(403);
    const numberHold = await api(t, 'POST', '/api/retention/holds', owner.cookie, {
      scope: 'number',
      number: heldNumber,
      reason: 'Subpoena',
    });
    expect(numberHold.statusCode, numberHold.body).toBe(201);
    const heldView = ZFaxRetention.parse((await api(t, 'GET', `/api/retention/faxes/${toHeldNumber.id}`, owner.cookie)).json());
    expect(heldView.holds.map((h) => [h.scope, h.reason])).toEqual([['number', 'Subpoena']]);
    // Nobody deletes a held fax, nor one to a held number, while the hold lasts.
    for (const kept of [held, toHeldNumber]) {
      const refusedDeletion = await api(t, 'DELETE', `/api/faxes/${kept.id}`, owner.cookie);
      expect(refusedDeletion.statusCode).toBe(409);
      expect(ZApiError.parse(refusedDeletion.json()).error.code).toBe('errors.faxOnLegalHold');
    }

    // Looked at before the run: an audit row that must outlive the content.
    await details(t, old.id, owner.cookie);
    setClock(fixedClock(runAt));
    const settings = ZRetentionSettings.parse((await api(t, 'GET', '/api/retention/policy', owner.cookie)).json());
    expect(settings).toMatchObject({ days: 1, zeroFootprint: false, mustChoose: false });
    // The next run is the one after the clock's now; it would clear the old and the half-done fax, not the held ones.
    expect(settings.nextRun.at).toBe(new Date(runAt.getTime() + 60_000).toISOString());
    expect(settings.nextRun.faxes).toBe(2);

    const filesBefore = (await filesIn(t.env.filesDir)).length;
    const oldKeys = await fileKeysOf(t, old.id);
    expect(await runRetention({ db: t.db, files: t.files })).toBe(2);
    // Again: nothing more to do.
    expect(await runRetention({ db: t.db, files: t.files })).toBe(0);

    // The old fax's files are out of the folder (four of its own and its attachment), and the half-done one's attachment
    // (its other files were gone before the run); the rest are all there.
    expect((await filesIn(t.env.filesDir)).length).toBe(filesBefore - 6);
    for (const key of oldKeys) await expect(t.files.get(key)).rejects.toMatchObject({ code: 'ENOENT' });

    const cleared = await details(t, old.id, owner.cookie);
    expect(cleared).toMatchObject({
      status: 'delivered',
      pages: 1,
      toNumber: old.toNumber,
      hasDocument: false,
      hasThumbnail: false,
      files: [],
    });
    expect(cleared.contentDeleted?.by).toBe('retention');
    expect(cleared.coverSubject).toBeNull();
    for (const file of ['document', 'image', 'thumbnail', 'text', 'receipt']) {
      const download = await api(t, 'GET', `/api/faxes/${old.id}/${file}`, owner.cookie, undefined, 'es');
      expect(download.statusCode, file).toBe(410);
      expect(ZApiError.parse(download.json()).error).toMatchObject({
        code: 'errors.faxContentDeleted',
        message: expect.stringMatching(/política de conservación/),
      });
    }
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'fax'), eq(auditEvents.objectId, old.id)));
    expect(trail.map((row) => row.action)).toEqual(expect.arrayContaining(['fax.view', 'fax.content_deleted']));
    expect(trail.find((row) => row.action === 'fax.content_deleted')?.details).toMatchObject({ cause: 'retention', days: 1, files: 5 });
    expect((await details(t, halfDone.id, owner.cookie)).contentDeleted?.by).toBe('retention');

    // Younger than the period, on hold, to a held number: everything kept.
    for (const kept of [young, held, toHeldNumber]) {
      expect((await details(t, kept.id, owner.cookie)).contentDeleted).toBeNull();
      const download = await api(t, 'GET', `/api/faxes/${kept.id}/document`, owner.cookie);
      expect(download.statusCode).toBe(200);
    }

    // A hold lifted with its reason: the next run clears the fax.
    const holds = (await api(t, 'GET', '/api/retention/holds', owner.cookie)).json<{ holds: { id: string; scope: string }[] }>().holds;
    const faxHold = holds.find((h) => h.scope === 'fax')!;
    expect((await api(t, 'POST', `/api/retention/holds/${faxHold.id}/lift`, owner.cookie, { reason: '' })).statusCode).toBe(400);
    expect((await api(t, 'POST', `/api/retention/holds/${faxHold.id}/lift`, owner.cookie, { reason: 'Case closed' })).statusCode).toBe(200);
    expect(await runRetention({ db: t.db, files: t.files })).toBe(1);
    expect((await details(t, held.id, owner.cookie)).contentDeleted?.by).toBe('retention');
    const lifted = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'retention.hold_lifted'), eq(auditEvents.objectId, held.id)));
    expect(lifted[0]?.details).toMatchObject({ reason: 'Case closed' });
  });

  it('is a daily schedule of the workers, with the zero-footprint sweep beside it', async () => {
    const { rows } = await t.db.execute<{ name: string; cron: string }>(
      sql`SELECT name, cron FROM pgboss.schedule WHERE name LIKE 'retention.%' ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: 'retention.daily', cron: RETENTION_CRON },
      { name: 'retention.zero-footprint', cron: '*/5 * * * *' },
    ]);
  });

  it('keeps everything of an account on hold, and asks a HIPAA plan to choose', async () => {
    const owner = await customer(t, { plan: { slug: 'hipaa-basic' } });
    const before = ZRetentionSettings.parse((await api(t, 'GET', '/api/retention/policy', owner.cookie)).json());
    expect(before).toMatchObject({ mustChoose: true, days: null, chosenAt: null });
    await api(t, 'PUT', '/api/retention/policy', owner.cookie, { days: 7, zeroFootprint: false });
    const old = await faxWithContent(t, { accountId: owner.id, status: 'received', createdAt: new Date() });
    expect((await api(t, 'POST', '/api/retention/holds', owner.cookie, { scope: 'account', reason: 'Audit' })).statusCode).toBe(201);
    setClock(fixedClock(new Date(Date.now() + 30 * DAY)));
    const after = ZRetentionSettings.parse((await api(t, 'GET', '/api/retention/policy', owner.cookie)).json());
    expect(after).toMatchObject({ mustChoose: false, days: 7, accountHeld: true, nextRun: { faxes: 0 } });
    await runRetention({ db: t.db, files: t.files });
    expect((await details(t, old.id, owner.cookie)).contentDeleted).toBeNull();
  });
});

describe('zero-footprint mode', () => {
  /** A fax from one zero-footprint account to another over the internal line, delivered; both sides' ids. */
  async function faxBetween(app: TestApp) {
    const sender = await customer(app);
    const recipient = await customer(app);
    for (const side of [sender, recipient])
      expect((await api(app, 'PUT', '/api/retention/policy', side.cookie, { days: null, zeroFootprint: true })).statusCode).toBe(200);
    const response = await sendFaxRequest(app.app, sender.cookie, { recipientNumber: recipient.number, faxQuality: 'fine' }, [
      { name: 'results.pdf', bytes: await makePdf(1, 'Zero footprint') },
    ]);
    expect(response.statusCode, response.body).toBe(202);
    const { faxId } = ZSendFaxResponse.parse(response.json());
    return { sender, recipient, faxId };
  }

  /**
   * Sent: gone once final and its e-mails out; received: kept until its first download, gone after it. `stored` counts
   * what the store holds beyond what it held before the fax was sent.
   */
  async function leavesNoContent(app: TestApp, storedNow: () => Promise<string[]>) {
    const before = new Set(await storedNow());
    const stored = async () => (await storedNow()).filter((key) => !before.has(key)).length;
    const { sender, recipient, faxId } = await faxBetween(app);
    await expect
      .poll(async () => (await details(app, faxId, sender.cookie)).contentDeleted?.by ?? null, { timeout: 60_000, interval: 200 })
      .toBe('zero_footprint');
    expect((await details(app, faxId, sender.cookie)).status).toBe('delivered');
    // The confirmation e-mail was out before the content went.
    const pendingMail = await app.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email.send' AND state < 'completed'`,
    );
    expect(pendingMail.rows[0]!.n).toBe(0);

    // The received copy keeps its content until it is downloaded once.
    const received = ZFaxListResponse.parse((await api(app, 'GET', '/api/faxes?direction=inbound', recipient.cookie)).json()).faxes[0]!;
    expect((await details(app, received.id, recipient.cookie)).contentDeleted).toBeNull();
    expect(await stored()).toBeGreaterThan(0);
    const first = await api(app, 'GET', `/api/faxes/${received.id}/document`, recipient.cookie);
    expect(first.statusCode).toBe(200);
    await expect
      .poll(async () => (await details(app, received.id, recipient.cookie)).contentDeleted?.by ?? null, { timeout: 30_000, interval: 200 })
      .toBe('zero_footprint');
    const second = await api(app, 'GET', `/api/faxes/${received.id}/document`, recipient.cookie);
    expect(second.statusCode).toBe(410);
    expect(await stored()).toBe(0);
  }

  it('leaves no content in the files folder', async () => {
    await leavesNoContent(t, async () => (await filesIn(t.env.filesDir)).map((file) => path.basename(file)));
  });

  it('leaves no object in the S3 bucket', async () => {
    await leavesNoContent(s, () => s3.objects());
  });

  it('keeps a held fax whole', async () => {
    const owner = await customer(t);
    await api(t, 'PUT', '/api/retention/policy', owner.cookie, { days: null, zeroFootprint: true });
    const fax = await faxWithContent(t, { accountId: owner.id, status: 'received' });
    await api(t, 'POST', '/api/retention/holds', owner.cookie, { scope: 'number', number: fax.fromNumber, reason: 'Dispute' });
    expect((await api(t, 'GET', `/api/faxes/${fax.id}/document`, owner.cookie)).statusCode).toBe(200);
    await t.env.queue.send(zeroFootprintJob, { faxId: fax.id, check: 0 });
    await t.env.queue.send(zeroFootprintJob, {});
    const pending = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'retention.zero-footprint' AND state < 'completed'`,
        )
      ).rows[0]!.n;
    await expect.poll(pending, { timeout: 20_000 }).toBe(0);
    expect((await details(t, fax.id, owner.cookie)).contentDeleted).toBeNull();
    for (const key of await fileKeysOf(t, fax.id)) expect((await t.files.get(key)).byteLength).toBeGreaterThan(0);
  });
});
