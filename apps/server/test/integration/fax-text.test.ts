import { ZFaxDetails, ZFaxListResponse, ZFaxTextSettings, ZReviewQueue, ZSendFaxResponse } from '@faxline/shared';
import { ZV1FaxDetails, ZV1FaxList, ZV1FaxText } from '@faxline/shared/api-v1';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { FAX_TEXT_CORPUS, typedPdf } from '@test-support/fax-text-corpus';
import { accounts } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { faxEvents } from '../../src/events/schema';
import { decodeFaxText } from '../../src/faxes/fax-text-file';
import { storedFilesOf } from '../../src/faxes/stored-files';
import { faxEventPayload } from '../../src/webhooks/payload';
import { faxes } from '../../src/faxes/schema';
import { callV1, ownerWithApiKey } from '../support/api-keys';
import { sendFaxRequest } from '../support/faxes';
import { openTestApp, signIn, TEST_ORIGIN, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
}, 120_000);
afterAll(() => t.close());

const faxTextSetting = (cookie: string, readsFaxText?: boolean) =>
  t.app.inject({
    method: readsFaxText === undefined ? 'GET' : 'PUT',
    url: '/api/account/fax-text',
    headers: { origin: TEST_ORIGIN, cookie },
    ...(readsFaxText === undefined ? {} : { payload: { readsFaxText } }),
  });

async function send(cookie: string, recipientNumber: string, bytes: Uint8Array) {
  const response = await sendFaxRequest(t.app, cookie, { recipientNumber, faxQuality: 'fine' }, [{ name: 'adressage.pdf', bytes }]);
  expect(response.statusCode, response.body).toBe(202);
  return ZSendFaxResponse.parse(response.json()).faxId;
}

const copyOf = async (sentId: string) => {
  await expect.poll(async () => (await t.db.select().from(faxes).where(eq(faxes.sourceFaxId, sentId))).length, { timeout: 60_000 }).toBe(1);
  return (await t.db.select({ id: faxes.id }).from(faxes).where(eq(faxes.sourceFaxId, sentId)))[0]!.id;
};

const textOf = async (faxId: string) =>
  (await t.db.select({ textKey: faxes.textKey, textLanguage: faxes.textLanguage }).from(faxes).where(eq(faxes.id, faxId)))[0];

/** The history's search, as the portal asks it: the tab's faxes (with their snippets) and both tabs' counts. */
const search = async (cookie: string, direction: 'inbound' | 'outbound', words: string) => {
  const query = new URLSearchParams({ direction, search: words }).toString();
  const response = await t.app.inject({ method: 'GET', url: `/api/faxes?${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return ZFaxListResponse.parse(response.json());
};

describe('the words of faxes (issue 37, item 3)', () => {
  it('reads a received fax and the fax it is the copy of, keeps the text encrypted and its words for the search', async () => {
    const sender = await createAccount(t, { owner: { name: 'Cabinet des Tilleuls' } });
    // The recipient's EHR integration reads the words through the API.
    const { account: recipient, cookie: recipientCookie, secret } = await ownerWithApiKey(t, ['faxes:read'], 'Clinique Saint-Roch');
    const senderCookie = await signIn(t.app, sender.owner.email);
    // Off until the account turns it on (decision 099); the owner turns it on, and the change is audited.
    expect(ZFaxTextSettings.parse((await faxTextSetting(recipientCookie)).json())).toEqual({ readsFaxText: false, reviewBelowPercent: 60 });
    for (const cookie of [senderCookie, recipientCookie])
      expect((await faxTextSetting(cookie, true)).json()).toEqual({ readsFaxText: true, reviewBelowPercent: 60 });
    expect((await faxTextSetting(recipientCookie)).json()).toEqual({ readsFaxText: true, reviewBelowPercent: 60 });
    const audited = await t.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, recipient.id), eq(auditEvents.action, 'account.fax_text')));
    expect(audited).toEqual([{ details: { readsFaxText: true } }]);

    const referral = FAX_TEXT_CORPUS.find((document) => document.id === 'referral-fr')!;
    const sentId = await send(senderCookie, recipient.number!, await typedPdf(referral));

    // Delivered over the internal line, the copy arrives; each is read once its pages are final.
    const copyId = await copyOf(sentId);
    for (const faxId of [copyId, sentId]) {
      await expect.poll(async () => (await textOf(faxId))?.textKey, { timeout: 90_000, interval: 500 }).toBeTruthy();
      const { textKey, textLanguage } = (await textOf(faxId))!;
      expect(textLanguage).toBe('fr');
      const file = decodeFaxText(await t.files.get(textKey!));
      expect(file.language).toBe('fr');
      expect(file.pages.length).toBeGreaterThan(0);
      expect(file.pages.map((page) => page.page)).toEqual(file.pages.map((_, index) => index + 1));
      expect(file.pages.map((page) => page.text).join('\n')).toContain('Date de naissance');
      // What goes with the fax when it goes.
      expect(await storedFilesOf(t.db, [faxId])).toContain(textKey);
    }

    // Told apart as a referral, its facts found where they were read (decision 102); a sent fax is not classified.
    const classified = ZFaxDetails.parse(
      (await t.app.inject({ method: 'GET', url: `/api/faxes/${copyId}`, headers: { cookie: recipientCookie } })).json(),
    );
    expect(classified).toMatchObject({ documentClass: 'referral', classifiedBy: 'faxline' });
    expect(classified.classConfidence).toBeGreaterThan(0.8);
    expect(classified.fields).toContainEqual({ name: 'date_of_birth', value: '15/06/1984', page: 1, line: 7, column: expect.any(Number) });
    expect(classified.fields.find((field) => field.name === 'patient_name')?.value).toMatch(/^Fran.ois Lef.vre$/);

    // The fax's details offer the text; the portal's download, a plain text file, for whoever may see the fax; a fax of another account is not found.
    const download = await t.app.inject({ method: 'GET', url: `/api/faxes/${copyId}/text`, headers: { cookie: recipientCookie } });
    expect(download.statusCode, download.body).toBe(200);
    const details = await t.app.inject({ method: 'GET', url: `/api/faxes/${copyId}`, headers: { cookie: recipientCookie } });
    expect(details.json()).toMatchObject({ hasText: true });
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="fax-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.txt"$/);
    expect(download.body).toContain('Date de naissance');
    const elsewhere = await t.app.inject({ method: 'GET', url: `/api/faxes/${copyId}/text`, headers: { cookie: senderCookie } });
    expect(elsewhere.statusCode).toBe(404);
    // The API, page by page.
    const v1 = await callV1(t, secret, 'GET', `/v1/faxes/${copyId}/text`);
    expect(v1.statusCode, v1.body).toBe(200);
    const text = ZV1FaxText.parse(v1.json());
    expect(text).toMatchObject({ fax_id: copyId, language: 'fr' });
    expect(text.pages[0]!.text).toContain('Date de naissance');
    // And its class and fields with the fax, as the webhooks carry it too (decision 102).
    const v1Details = ZV1FaxDetails.parse((await callV1(t, secret, 'GET', `/v1/faxes/${copyId}`)).json());
    expect(v1Details).toMatchObject({ document_class: 'referral', page_problems: [] });
    expect(v1Details.fields).toContainEqual(expect.objectContaining({ name: 'date_of_birth', value: '15/06/1984', page: 1 }));
    // The API's list finds it by its words as the history does (`text`, the MCP server's list_faxes too).
    const byWords = async (words: string) =>
      ZV1FaxList.parse((await callV1(t, secret, 'GET', `/v1/faxes?text=${encodeURIComponent(words)}`)).json()).data.map((fax) => fax.id);
    expect(await byWords('naissances')).toEqual([copyId]);
    expect(await byWords('radiographie')).toEqual([]);

    // The history's search finds each by a word of its text, in French with its stem ("naissances" finds "naissance"),
    // counted in its tab, with the words around it; not by a word that is not there (decision 100).
    const received = await search(recipientCookie, 'inbound', 'naissances');
    expect(received.counts).toEqual({ inbound: 1, outbound: 0 });
    expect(received.faxes.map((fax) => fax.id)).toEqual([copyId]);
    const snippet = received.faxes[0]!.snippet!;
    expect(snippet.page).toBe(1);
    expect(snippet.parts.filter((part) => part.match).map((part) => part.text)).toEqual(['naissance']);
    expect(snippet.parts.map((part) => part.text).join('')).toMatch(/Date de naissance : 15\/06\/1984/);
    const sent = await search(senderCookie, 'outbound', 'lésion pigmentée');
    expect(sent.counts).toEqual({ inbound: 0, outbound: 1 });
    expect(sent.faxes.map((fax) => [fax.id, fax.snippet?.parts.filter((part) => part.match).length])).toEqual([[sentId, 2]]);
    expect((await search(recipientCookie, 'inbound', 'radiographie')).counts).toEqual({ inbound: 0, outbound: 0 });
    // A fax found by its sender's name and by its words is one fax, counted once, without a snippet only when its words do not match.
    const both = await search(recipientCookie, 'inbound', 'Tilleuls');
    expect(both.counts.inbound).toBe(1);
    expect(both.faxes.map((fax) => fax.id)).toEqual([copyId]);
    expect(both.faxes[0]!.snippet?.parts.find((part) => part.match)?.text).toBe('Tilleuls');
    // A number or a status is still found as before, with no snippet.
    const byNumber = await search(recipientCookie, 'inbound', sender.number!.slice(-7));
    expect(byNumber.faxes.map((fax) => [fax.id, fax.snippet])).toEqual([[copyId, null]]);
  }, 180_000);

  it('flags a blank received page, and faxes the sender a request for it in one call (decision 101)', async () => {
    const sender = await createAccount(t, { owner: { name: 'Lab Sender' } });
    const recipient = await createAccount(t, { owner: { name: 'Front Desk' } });
    const [senderCookie, recipientCookie] = await Promise.all([signIn(t.app, sender.owner.email), signIn(t.app, recipient.owner.email)]);
    expect((await faxTextSetting(recipientCookie, true)).statusCode).toBe(200);
    // A lab result, then a page that came through blank.
    const twoPages = await PDFDocument.create();
    const lab = await PDFDocument.load(await typedPdf(FAX_TEXT_CORPUS.find((document) => document.id === 'lab-en')!));
    twoPages.addPage((await twoPages.copyPages(lab, [0]))[0]!);
    twoPages.addPage([595.28, 841.89]);
    const sentId = await send(senderCookie, recipient.number!, await twoPages.save());
    const copyId = await copyOf(sentId);
    await expect.poll(async () => (await textOf(copyId))?.textKey, { timeout: 90_000, interval: 500 }).toBeTruthy();
    const details = async (cookie: string, id: string) =>
      ZFaxDetails.parse((await t.app.inject({ method: 'GET', url: `/api/faxes/${id}`, headers: { cookie } })).json());
    expect((await details(recipientCookie, copyId)).pageProblems).toEqual([{ page: 2, problem: 'blank' }]);
    // The sender's own copy is Faxline's rendering: nothing to ask of anyone.
    expect((await details(senderCookie, sentId)).pageProblems).toEqual([]);

    const ask = (id: string, pages: number[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/faxes/${id}/request-pages`,
        headers: { origin: TEST_ORIGIN, cookie: recipientCookie, 'accept-language': 'en' },
        payload: { pages },
      });
    const noSuchPage = await ask(copyId, [3]);
    expect(noSuchPage.statusCode).toBe(400);
    expect(noSuchPage.json().error.message).toBe('This fax has 2 pages: ask for pages between 1 and 2.');
    expect((await ask(copyId, [])).statusCode).toBe(400);
    // The cover says when the fax came in the account's own time zone.
    await t.db.update(accounts).set({ timeZone: 'America/Los_Angeles' }).where(eq(accounts.id, recipient.id));
    const asked = await ask(copyId, [2]);
    expect(asked.statusCode, asked.body).toBe(202);
    const requestId = ZSendFaxResponse.parse(asked.json()).faxId;
    const [request] = await t.db.select().from(faxes).where(eq(faxes.id, requestId));
    expect(request).toMatchObject({
      direction: 'outbound',
      toNumber: sender.number,
      fromNumber: recipient.number,
      recipientName: 'Lab Sender',
      coverSubject: 'Please send page 2 again',
    });
    const [copy] = await t.db.select({ createdAt: faxes.createdAt }).from(faxes).where(eq(faxes.id, copyId));
    const local = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Los_Angeles' });
    expect(request!.coverMessage).toContain(`We received your fax of ${local.format(copy!.createdAt)} (2 pages)`);
    expect(request!.coverMessage).toMatch(
      /^We received your fax of .+ \(2 pages\) at \+\d+, but page 2 could not be read\. Please send that page again to \+\d+\. Thank you\.$/,
    );
    // It goes out like any fax: delivered to the sender, where it arrives as a received fax.
    await expect
      .poll(async () => (await t.db.select({ status: faxes.status }).from(faxes).where(eq(faxes.id, requestId)))[0]?.status, {
        timeout: 60_000,
      })
      .toBe('delivered');
    expect(await copyOf(requestId)).toBeTruthy();
    const audited = await t.db
      .select({ outcome: auditEvents.outcome, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, copyId), eq(auditEvents.action, 'fax.request_pages')));
    expect(audited).toEqual(
      expect.arrayContaining([
        { outcome: 'failure', details: { pages: [3] } },
        { outcome: 'success', details: { pages: [2], requestFaxId: requestId } },
      ]),
    );
    // Only a received fax can be answered so.
    const outbound = await t.app.inject({
      method: 'POST',
      url: `/api/faxes/${sentId}/request-pages`,
      headers: { origin: TEST_ORIGIN, cookie: senderCookie },
      payload: { pages: [1] },
    });
    expect(outbound.statusCode).toBe(409);
  }, 180_000);

  it('classifies a received fax, and learns from a member’s correction for the next one like it (decision 102)', async () => {
    const sender = await createAccount(t, { owner: { name: 'Harbor Staffing' } });
    const recipient = await createAccount(t, { owner: { name: 'Payroll Desk' } });
    const [senderCookie, recipientCookie] = await Promise.all([signIn(t.app, sender.owner.email), signIn(t.app, recipient.owner.email)]);
    expect((await faxTextSetting(recipientCookie, true)).statusCode).toBe(200);
    const timesheet = (nurse: string, week: string) =>
      typedPdf({
        id: 'timesheet',
        language: 'en',
        class: 'invoice',
        lines: [
          'Harbor Staffing Partners',
          'WEEKLY TIMESHEET',
          `Nurse: ${nurse}   Week ending ${week}`,
          'Monday 8 hours, Tuesday 8 hours, Wednesday 6 hours',
          'Shift supervisor signature required before Friday.',
        ],
      });
    const receivedRead = async (bytes: Uint8Array) => {
      const copyId = await copyOf(await send(senderCookie, recipient.number!, bytes));
      await expect.poll(async () => (await textOf(copyId))?.textKey, { timeout: 90_000, interval: 500 }).toBeTruthy();
      return copyId;
    };
    const details = async (id: string) =>
      ZFaxDetails.parse((await t.app.inject({ method: 'GET', url: `/api/faxes/${id}`, headers: { cookie: recipientCookie } })).json());
    const correct = (id: string, documentClass: string, cookie = recipientCookie) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/faxes/${id}/class`,
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { documentClass },
      });

    const queue = async () =>
      ZReviewQueue.parse((await t.app.inject({ method: 'GET', url: '/api/faxes/review', headers: { cookie: recipientCookie } })).json());
    const first = await receivedRead(await timesheet('Dana Whitfield', '03/20/2026'));
    expect(await details(first)).toMatchObject({ documentClass: 'other', classifiedBy: 'faxline' });
    // The outbox records fax.classified with the class (decision 102): its webhooks' payload says what the fax is.
    const classifiedEvents = () =>
      t.db
        .select()
        .from(faxEvents)
        .where(and(eq(faxEvents.faxId, first), eq(faxEvents.type, 'fax.classified')));
    const [classifiedEvent] = await classifiedEvents();
    expect(JSON.parse((await faxEventPayload(t.db, classifiedEvent!))!)).toMatchObject({
      type: 'fax.classified',
      data: { id: first, direction: 'inbound', document_class: 'other', page_problems: [] },
    });
    // Less sure than the account's 60%: it waits in the review queue, with its class and fields.
    expect((await queue()).faxes.map((fax) => [fax.id, fax.documentClass, fax.hasThumbnail])).toEqual([[first, 'other', true]]);
    // The threshold is the account's: below 25%, a class 28% sure no longer waits for review.
    const threshold = async (reviewBelowPercent: number) =>
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/account/fax-text',
          headers: { origin: TEST_ORIGIN, cookie: recipientCookie },
          payload: { readsFaxText: true, reviewBelowPercent },
        })
      ).json();
    expect(await threshold(25)).toEqual({ readsFaxText: true, reviewBelowPercent: 25 });
    expect((await queue()).faxes).toEqual([]);
    expect(await threshold(60)).toEqual({ readsFaxText: true, reviewBelowPercent: 60 });
    expect((await queue()).faxes).toHaveLength(1);
    expect((await correct(first, 'payroll')).statusCode).toBe(400);
    const corrected = await correct(first, 'invoice');
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await details(first)).toMatchObject({ documentClass: 'invoice', classConfidence: 1, classifiedBy: 'member' });
    expect(await queue()).toEqual({ faxes: [], more: false });
    expect(await classifiedEvents()).toHaveLength(2);
    const audited = await t.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, first), eq(auditEvents.action, 'fax.classify'), eq(auditEvents.outcome, 'success')));
    expect(audited).toEqual([{ details: { from: 'other', to: 'invoice' } }]);

    // The next timesheet is classified as the member said, by the account's own examples.
    const next = await receivedRead(await timesheet('Omar Castillo', '03/27/2026'));
    const learned = await details(next);
    expect(learned).toMatchObject({ documentClass: 'invoice', classifiedBy: 'faxline' });
    expect(learned.classConfidence).toBeGreaterThan(0.9);
    expect((await queue()).faxes).toEqual([]);
    // Another account learned nothing from it; a sent fax has no class to correct.
    const sentId = (await t.db.select({ id: faxes.sourceFaxId }).from(faxes).where(eq(faxes.id, next)))[0]!.id!;
    expect((await correct(sentId, 'invoice', senderCookie)).statusCode).toBe(409);
  }, 180_000);

  it('reads nothing of an account that has not turned it on, and lets only the owner and sub-admins change it', async () => {
    const sender = await createAccount(t, { owner: { name: 'Quiet Sender' }, members: [{ role: 'user', name: 'Desk' }] });
    const recipient = await createAccount(t, { owner: { name: 'Quiet Recipient' } });
    const senderCookie = await signIn(t.app, sender.owner.email);
    const sentId = await send(senderCookie, recipient.number!, await typedPdf(FAX_TEXT_CORPUS[0]!));
    const copyId = await copyOf(sentId);
    await expect
      .poll(async () => (await t.db.select({ status: faxes.status }).from(faxes).where(eq(faxes.id, sentId)))[0]?.status, {
        timeout: 60_000,
      })
      .toBe('delivered');
    // The relay has handed both faxes' final events on: no reading was queued for them.
    await expect
      .poll(
        async () =>
          (
            await t.db.execute<{ n: number }>(
              sql`SELECT count(*)::int AS n FROM fax_events WHERE fax_id IN (${sentId}, ${copyId}) AND dispatched_at IS NULL`,
            )
          ).rows[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(0);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'fax-text.read' AND data->>'eventId' IN
          (SELECT id::text FROM fax_events WHERE fax_id IN (${sentId}, ${copyId}))`,
    );
    expect(rows[0]!.n).toBe(0);
    expect((await textOf(sentId))?.textKey).toBeNull();
    expect((await textOf(copyId))?.textKey).toBeNull();
    const notRead = await t.app.inject({ method: 'GET', url: `/api/faxes/${sentId}/text`, headers: { cookie: senderCookie } });
    expect(notRead.statusCode).toBe(404);
    const details = await t.app.inject({ method: 'GET', url: `/api/faxes/${sentId}`, headers: { cookie: senderCookie } });
    expect(details.json()).toMatchObject({ hasText: false });
    expect(notRead.json().error.message).toMatch(/have not been read: reading is off for the account/);

    const desk = await signIn(t.app, sender.members[0]!.email);
    expect((await faxTextSetting(desk)).statusCode).toBe(403);
    expect((await faxTextSetting(desk, true)).statusCode).toBe(403);
    expect((await faxTextSetting(senderCookie)).json()).toEqual({ readsFaxText: false, reviewBelowPercent: 60 });
  }, 180_000);
});
