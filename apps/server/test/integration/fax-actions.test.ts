import {
  SANDBOX_TEST_NUMBERS,
  ZApiError,
  ZFax,
  ZFaxDetails,
  ZFaxListResponse,
  ZSendFaxResponse,
  ZUncertainChoiceResponse,
} from '@faxline/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { monthlyUsage } from '../../src/faxes/quota';
import { faxes } from '../../src/faxes/schema';
import { createFaxes } from '@test-support/factories/faxes';
import { callV1, ownerWithApiKey } from '../support/api-keys';
import { makePdf } from '@test-support/factories/documents';
import { createAccount } from '@test-support/factories/accounts';
import { sendFaxRequest } from '../support/faxes';
import { openTestApp, signIn, TEST_ORIGIN, type TestApp } from '../support/test-app';

// What a person does with a fax once sent. A fax clock of 1/20: a busy line's next try waits 9 s instead of
// 3 minutes, long enough to act between tries; the calls themselves take a fraction of a second.
let t: TestApp;
let pdf2: Uint8Array;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.05' } });
  pdf2 = await makePdf(2);
}, 180_000);
afterAll(() => t.close());

async function customer(name = 'Clinic') {
  const { owner } = await createAccount(t, { owner: { name } });
  return { ...owner, cookie: await signIn(t.app, owner.email) };
}

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string) => t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN } });
const details = async (id: string, cookie: string) => ZFaxDetails.parse((await get(`/api/faxes/${id}`, cookie)).json());
const message = (response: { json: () => unknown }) => ZApiError.parse(response.json()).error.message;

async function send(cookie: string, recipientNumber: string) {
  const response = await sendFaxRequest(t.app, cookie, { recipientNumber, faxQuality: 'fine' }, [{ name: 'referral.pdf', bytes: pdf2 }]);
  expect(response.statusCode, response.body).toBe(202);
  return ZSendFaxResponse.parse(response.json()).faxId;
}

describe('cancel while a fax waits for its next try', () => {
  it('says when the next try is and which, cancels it then, and the line is not called again', async () => {
    const sender = await customer();
    const faxId = await send(sender.cookie, SANDBOX_TEST_NUMBERS.busy);
    await expect.poll(async () => (await details(faxId, sender.cookie)).nextTryAt, { timeout: 60_000, interval: 100 }).not.toBeNull();
    const waiting = await details(faxId, sender.cookie);
    expect(waiting).toMatchObject({ status: 'sending', retryReason: 'busy', nextTry: { number: 2, of: 4 } });
    expect(waiting.attempts.map((a) => a.result)).toEqual(['busy']);
    const due = new Date(waiting.nextTryAt!).getTime();
    expect(due - Date.now()).toBeGreaterThan(1_000);
    // The history's row knows it too, so that its menu offers Cancel.
    const listed = ZFaxListResponse.parse((await get('/api/faxes', sender.cookie)).json()).faxes.find((f) => f.id === faxId);
    expect(listed?.nextTryAt).toBe(waiting.nextTryAt);

    const canceled = await post(`/api/faxes/${faxId}/cancel`, sender.cookie);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(ZFax.parse(canceled.json())).toMatchObject({ status: 'canceled', nextTryAt: null, retryReason: null });

    // Past the time the next try was due: still one attempt, still canceled.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now()) + 3_000));
    const after = await details(faxId, sender.cookie);
    expect(after.status).toBe('canceled');
    expect(after.attempts).toHaveLength(1);
  }, 90_000);

  it('ends a fax stopped after pages got through as partly delivered, charged for those pages, never "canceled"', async () => {
    const sender = await customer();
    // The remote confirms 1 page of 2, then hangs up: a partial try, retried after a minute (3 s here).
    const faxId = await send(sender.cookie, SANDBOX_TEST_NUMBERS.partial_delivery);
    await expect.poll(async () => (await details(faxId, sender.cookie)).retryReason, { timeout: 60_000, interval: 50 }).toBe('partial');
    const stopped = await post(`/api/faxes/${faxId}/cancel`, sender.cookie);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(ZFax.parse(stopped.json())).toMatchObject({
      status: 'partially_delivered',
      pagesSent: 1,
      nextTryAt: null,
      failureReason: 'partial',
    });
    const after = await details(faxId, sender.cookie);
    expect(after.failureMessage).toBe('Stopped by the sender after 1 of 2 pages reached the recipient.');
    expect(after.attempts).toHaveLength(1);
    // The page that reached the recipient counts in the month, once.
    expect((await monthlyUsage(t.db, sender.accountId)).charged).toBe(1);
  }, 90_000);

  it('refuses to cancel while a call is on the line, saying when a fax can be canceled', async () => {
    const sender = await customer();
    // No answer: the call rings for 45 s on a real line (2.25 s here) before it gives up.
    const faxId = await send(sender.cookie, SANDBOX_TEST_NUMBERS.no_answer);
    await expect
      .poll(async () => (await details(faxId, sender.cookie)).attempts[0]?.result, { timeout: 60_000, interval: 50 })
      .toBe('in_progress');
    const refused = await post(`/api/faxes/${faxId}/cancel`, sender.cookie);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(
      'A fax can be canceled while it waits: queued, scheduled or between two tries. This one is being converted, is on the line now, or has ended.',
    );
    expect((await details(faxId, sender.cookie)).status).toBe('sending');
  }, 90_000);
});

describe('resend, delete, download, and what the month counts', () => {
  it('counts the pages the receiver confirmed; resends a partial delivery as a new fax linked to the first', async () => {
    const sender = await customer();
    const faxId = await send(sender.cookie, SANDBOX_TEST_NUMBERS.partial_delivery);
    await expect
      .poll(async () => (await details(faxId, sender.cookie)).status, { timeout: 60_000, interval: 500 })
      .toBe('partially_delivered');
    const partial = await details(faxId, sender.cookie);
    expect(partial).toMatchObject({ pages: 2, pagesSent: 1, hasImage: true, resends: [] });
    // 1 page of 2 reached the receiver: the month counts 1.
    expect((await monthlyUsage(t.db, sender.accountId)).used).toBe(1);

    const resent = await post(`/api/faxes/${faxId}/resend`, sender.cookie);
    expect(resent.statusCode, resent.body).toBe(202);
    const { faxId: copyId, status } = ZSendFaxResponse.parse(resent.json());
    expect(status).toBe('queued');
    const copy = await details(copyId, sender.cookie);
    expect(copy).toMatchObject({ resentFromId: faxId, toNumber: SANDBOX_TEST_NUMBERS.partial_delivery, quality: 'fine' });
    expect(copy.files.map((f) => f.name)).toEqual(['referral.pdf']);
    expect((await details(faxId, sender.cookie)).resends.map((r) => r.id)).toEqual([copyId]);

    // A fax still on its way is not sent again.
    const early = await post(`/api/faxes/${copyId}/resend`, sender.cookie);
    expect(early.statusCode).toBe(409);
    expect(message(early)).toBe('Only a fax that has ended can be sent again. This one is still on its way.');
    await expect
      .poll(async () => (await details(copyId, sender.cookie)).status, { timeout: 60_000, interval: 500 })
      .toBe('partially_delivered');
    expect((await monthlyUsage(t.db, sender.accountId)).used).toBe(2);

    // Another account's fax is not there at all.
    const stranger = await customer('Stranger');
    expect((await post(`/api/faxes/${faxId}/resend`, stranger.cookie)).statusCode).toBe(404);
  }, 120_000);

  it("finds the faxes resent from one by an index, not by reading the account's faxes (details, and every delete)", async () => {
    // Without it, each details read and each delete (the link is set null) would walk the faxes table.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select id from faxes where resent_from_id = ${crypto.randomUUID()}`,
      );
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('faxes_resent_from_idx');
  });

  it('counts nothing for a failed fax', async () => {
    const sender = await customer();
    const faxId = await send(sender.cookie, SANDBOX_TEST_NUMBERS.not_a_fax_machine);
    await expect.poll(async () => (await details(faxId, sender.cookie)).status, { timeout: 60_000, interval: 100 }).toBe('failed');
    expect((await monthlyUsage(t.db, sender.accountId)).used).toBe(0);
  }, 90_000);

  it('downloads the fax image, and deletes a fax with its files while the audit trail keeps its rows', async () => {
    const sender = await customer();
    const faxId = await send(sender.cookie, '+442079460958');
    // On its way, it cannot be deleted.
    const early = await t.app.inject({
      method: 'DELETE',
      url: `/api/faxes/${faxId}`,
      headers: { cookie: sender.cookie, origin: TEST_ORIGIN },
    });
    expect(early.statusCode).toBe(409);
    await expect.poll(async () => (await details(faxId, sender.cookie)).status, { timeout: 60_000, interval: 100 }).toBe('delivered');

    const image = await get(`/api/faxes/${faxId}/image`, sender.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/tiff');
    expect(image.rawPayload.subarray(0, 4).toString('latin1')).toMatch(/^(II\*\0|MM\0\*)$/);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/faxes/${faxId}`,
      headers: { cookie: sender.cookie, origin: TEST_ORIGIN },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(`/api/faxes/${faxId}`, sender.cookie)).statusCode).toBe(404);
    expect((await get(`/api/faxes/${faxId}/image`, sender.cookie)).statusCode).toBe(404);
    expect(ZFaxListResponse.parse((await get('/api/faxes', sender.cookie)).json()).faxes.map((f) => f.id)).not.toContain(faxId);
    const trail = await t.db
      .select({ action: auditEvents.action, outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'fax'), eq(auditEvents.objectId, faxId)));
    expect(trail).toEqual(
      expect.arrayContaining([
        { action: 'fax.send', outcome: 'success' },
        { action: 'fax.download', outcome: 'success' },
        { action: 'fax.delete', outcome: 'failure' },
        { action: 'fax.delete', outcome: 'success' },
      ]),
    );
  }, 90_000);
});

describe("an uncertain fax's choice: send it again or keep it (decision 119)", () => {
  /**
   * A fax whose call ended after the last page without the remote's confirmation: the sandbox's number that hangs up
   * before confirming the last page (decision 120). One call, not retried by itself, never delivered.
   */
  async function uncertainFax(cookie: string) {
    const faxId = await send(cookie, SANDBOX_TEST_NUMBERS.drops_before_confirmation);
    await expect.poll(async () => (await details(faxId, cookie)).status, { timeout: 60_000, interval: 250 }).toBe('failed');
    const fax = await details(faxId, cookie);
    expect(fax).toMatchObject({ failureReason: 'uncertain', attempts: [{ result: 'uncertain' }] });
    return faxId;
  }
  const choose = (faxId: string, cookie: string, choice: unknown, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/faxes/${faxId}/uncertain`,
      headers: { cookie, origin: TEST_ORIGIN, 'accept-language': language },
      payload: { choice },
    });

  it('keeps it once through /v1 (Idempotency-Key answers the same), audited; the question is then closed', async () => {
    const { owner, account, cookie, secret } = await ownerWithApiKey(t);
    const sender = { ...owner, cookie };
    // Keeping sends nothing: the fax's row is enough.
    const [row0] = await createFaxes(t.db, [{ accountId: account.id, userId: owner.id, status: 'failed', failureReason: 'uncertain' }]);
    const faxId = row0!.id;
    expect(await details(faxId, sender.cookie)).toMatchObject({ status: 'failed', failureReason: 'uncertain', uncertainChoice: null });
    const v1 = (key: string) =>
      callV1(t, secret, 'POST', `/v1/faxes/${faxId}/uncertain`, { payload: { choice: 'keep' }, headers: { 'idempotency-key': key } });
    const kept = await v1('keep-1');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      fax: { id: faxId, status: 'failed', failure_reason: 'uncertain', retryable: false, uncertain_choice: 'keep' },
      resent_fax_id: null,
    });
    // The same key: the same answer, nothing done twice; another key: the question is closed.
    expect((await v1('keep-1')).json()).toEqual(kept.json());
    const again = await v1('keep-2');
    expect(again.statusCode).toBe(409);
    const [row] = await t.db.select().from(faxes).where(eq(faxes.id, faxId));
    expect(row).toMatchObject({ uncertainChoice: 'keep', uncertainChosenBy: sender.id });
    const audited = await t.db
      .select({ outcome: auditEvents.outcome, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, faxId), eq(auditEvents.action, 'fax.uncertain_choice')));
    expect(audited).toEqual(
      expect.arrayContaining([
        { outcome: 'success', details: expect.objectContaining({ choice: 'keep' }) },
        { outcome: 'failure', details: expect.objectContaining({ choice: 'keep' }) },
      ]),
    );
  }, 90_000);

  it('sends it again from the portal as a new fax linked to it; refuses a fax that is not uncertain, in the language asked', async () => {
    const sender = await customer();
    const faxId = await uncertainFax(sender.cookie);
    const resent = await choose(faxId, sender.cookie, 'resend');
    expect(resent.statusCode, resent.body).toBe(200);
    const { resentFaxId } = ZUncertainChoiceResponse.parse(resent.json());
    expect(await details(resentFaxId!, sender.cookie)).toMatchObject({
      resentFromId: faxId,
      toNumber: SANDBOX_TEST_NUMBERS.drops_before_confirmation,
    });
    expect(await details(faxId, sender.cookie)).toMatchObject({
      uncertainChoice: 'resend',
      resends: [expect.objectContaining({ id: resentFaxId })],
    });

    // Asked once; a bad choice is a 400; another account's fax is not there; a busy fax is no uncertain one.
    const twice = await choose(faxId, sender.cookie, 'keep', 'fr');
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toContain('n’a pas de question en attente');
    expect((await choose(faxId, sender.cookie, 'maybe')).statusCode).toBe(400);
    const stranger = await customer('Stranger');
    expect((await choose(faxId, stranger.cookie, 'keep')).statusCode).toBe(404);
  }, 90_000);
});
