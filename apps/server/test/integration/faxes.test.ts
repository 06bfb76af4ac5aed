import { SANDBOX_TEST_NUMBERS, ZApiError, ZFaxDetails, ZFaxListResponse, ZSendFaxResponse } from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/accounts/schema';
import { recordAuditEvent } from '../../src/audit/record-audit-event';
import { auditEvents } from '../../src/audit/schema';
import { prepareFaxJob } from '../../src/faxes/jobs/prepare-fax';
import { renderFaxImage } from '../../src/documents/fax-image/render-fax-image';
import { transmitFaxJob } from '../../src/faxes/jobs/transmit-fax';
import { faxAttempts } from '../../src/faxes/schema';
import { plans } from '../../src/plans/schema';
import { makePdf } from '@test-support/factories/documents';
import { createAccount } from '@test-support/factories/accounts';
import { createFax } from '@test-support/factories/faxes';
import { convertFixture } from '../support/documents';
import { sendFaxRequest } from '../support/faxes';
import { jobDepsOf, openTestApp, signIn, type TestApp } from '../support/test-app';

let t: TestApp;
let png: Uint8Array;
let pdf2: Uint8Array;
let docx: Uint8Array;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
  pdf2 = await makePdf(2);
  png = await convertFixture(await makePdf(1, 'Scan'), 'pdf', 'png');
  docx = await convertFixture(new TextEncoder().encode('Referral letter\n\nPlease see the patient on Monday.'), 'txt', 'docx');
}, 180_000);
afterAll(() => t.close());

async function customer(name = 'Clinic') {
  const { owner, number } = await createAccount(t, { owner: { name } });
  return { ...owner, cookie: await signIn(t.app, owner.email), number: number! };
}

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const details = async (id: string, cookie: string) => ZFaxDetails.parse((await get(`/api/faxes/${id}`, cookie)).json());
const statusOf = async (id: string, cookie: string) => (await details(id, cookie)).status;
const message = (response: { json: () => unknown }) => ZApiError.parse(response.json()).error.message;

describe('sending checks (spec 001 §5), each with its message, storing nothing', () => {
  let sender: Awaited<ReturnType<typeof customer>>;
  beforeAll(async () => {
    sender = await customer();
  });
  const base = { recipientNumber: '+12025550143', faxQuality: 'fine' };

  it.each([
    [
      'a recipient not in E.164',
      { ...base, recipientNumber: '2025550143' },
      [],
      400,
      'Please enter a valid recipient fax number in E.164 format (e.g., +15551234567).',
    ],
    ['nothing to send', base, [], 400, 'Please attach at least one file or write a cover page message.'],
    [
      'a type that is not accepted',
      base,
      [{ name: 'tool.exe', bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]) }],
      400,
      'File "tool.exe" has an unsupported type. Allowed: PDF, JPG, PNG, DOC, DOCX, TXT.',
    ],
    [
      'a file over 10 MB',
      base,
      [{ name: 'big.pdf', bytes: new Uint8Array(10 * 1024 * 1024 + 10) }],
      413,
      'File "big.pdf" exceeds the 10MB size limit.',
    ],
  ])('refuses %s', async (_what, request, attachments, status, text) => {
    const before = (await t.db.execute(sql`select count(*)::int as n from faxes`)).rows[0];
    const response = await sendFaxRequest(t.app, sender.cookie, request, attachments as never);
    expect(response.statusCode, response.body).toBe(status);
    expect(message(response)).toBe(text);
    expect((await t.db.execute(sql`select count(*)::int as n from faxes`)).rows[0]).toEqual(before);
  });

  it('refuses more than 5 files', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `page-${i}.pdf`, bytes: pdf2 }));
    const response = await sendFaxRequest(t.app, sender.cookie, base, six);
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('You can attach a maximum of 5 files.');
  });

  it('refuses a file whose name disagrees with its bytes, and a password-protected PDF', async () => {
    const renamed = await sendFaxRequest(t.app, sender.cookie, base, [{ name: 'scan.pdf', bytes: png }]);
    expect(message(renamed)).toMatch(/^File "scan.pdf" is not what its name says: its content is PNG/);
    const locked = await sendFaxRequest(t.app, sender.cookie, base, [
      { name: 'locked.pdf', bytes: await convertFixture(pdf2, 'pdf', 'encrypted-pdf') },
    ]);
    expect(message(locked)).toBe('File "locked.pdf" is protected with a password. Remove the password and attach it again.');
  });

  it("refuses a schedule in the past or more than 30 days ahead, in the caller's language", async () => {
    const past = await sendFaxRequest(
      t.app,
      sender.cookie,
      { ...base, scheduledAt: '2020-01-01T00:00:00Z' },
      [{ name: 'a.pdf', bytes: pdf2 }],
      { 'accept-language': 'es' },
    );
    expect(message(past)).toBe('La hora programada ya ha pasado. Elija una hora futura.');
    const far = await sendFaxRequest(t.app, sender.cookie, { ...base, scheduledAt: new Date(Date.now() + 31 * 86_400_000).toISOString() }, [
      { name: 'a.pdf', bytes: pdf2 },
    ]);
    expect(message(far)).toBe('A fax can be scheduled at most 30 days ahead.');
  });

  it('needs a signed-in person', async () => {
    const response = await sendFaxRequest(t.app, '', base, [{ name: 'a.pdf', bytes: pdf2 }]);
    expect(response.statusCode).toBe(401);
  });
});

describe('a fax between two Faxline accounts (internal line)', () => {
  it('delivers a cover page, a PDF and a PNG, in order; the recipient finds it unread and downloads it', async () => {
    const sender = await customer('Sender Clinic');
    const recipient = await customer('Receiving Lab');
    const response = await sendFaxRequest(
      t.app,
      sender.cookie,
      {
        recipientNumber: recipient.number,
        faxQuality: 'fine',
        coverSubject: 'Results',
        coverPageMessage: 'Two files follow.',
        recipientName: 'Lab',
      },
      [
        { name: 'results.pdf', bytes: pdf2 },
        { name: 'scan.png', bytes: png },
      ],
    );
    expect(response.statusCode, response.body).toBe(202);
    const accepted = ZSendFaxResponse.parse(response.json());
    expect(accepted).toMatchObject({ status: 'queued', line: 'internal', message: `Your fax to ${recipient.number} is being processed.` });

    await expect.poll(() => statusOf(accepted.faxId, sender.cookie), { timeout: 60_000, interval: 250 }).toBe('delivered');
    const sent = await details(accepted.faxId, sender.cookie);
    const unreadSearch = ZFaxListResponse.parse((await get('/api/faxes?direction=inbound&search=Unread', recipient.cookie)).json());
    expect(unreadSearch.total).toBe(1);
    expect(sent).toMatchObject({
      pages: 4,
      line: 'internal',
      attempts: [expect.objectContaining({ number: 1, result: 'delivered', pagesSent: 4 })],
    });
    expect(sent.files.map((f) => f.name)).toEqual(['results.pdf', 'scan.png']);

    const inbox = ZFaxListResponse.parse((await get('/api/faxes?direction=inbound', recipient.cookie)).json());
    expect(inbox.counts.inbound).toBe(1);
    const received = inbox.faxes[0]!;
    expect(received).toMatchObject({ status: 'received', read: false, fromNumber: sender.number, senderName: 'Sender Clinic', pages: 4 });
    expect((await details(received.id, recipient.cookie)).read).toBe(true);

    const download = await get(`/api/faxes/${received.id}/document`, recipient.cookie);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="fax-/);
    expect((await PDFDocument.load(download.rawPayload)).getPageCount()).toBe(4);

    // The sender's fax is not the recipient's to see, and the attempt to look is audited.
    expect((await get(`/api/faxes/${accepted.faxId}`, recipient.cookie)).statusCode).toBe(404);
    const trail = await t.db.select().from(auditEvents).where(eq(auditEvents.objectId, accepted.faxId));
    expect(trail.map((e) => [e.action, e.outcome])).toEqual(
      expect.arrayContaining([
        ['fax.send', 'success'],
        ['fax.view', 'denied'],
      ]),
    );
  }, 90_000);

  it('converts DOCX and a cover-only fax', async () => {
    const sender = await customer();
    const recipient = await customer();
    const docxFax = ZSendFaxResponse.parse(
      (
        await sendFaxRequest(t.app, sender.cookie, { recipientNumber: recipient.number, faxQuality: 'standard' }, [
          { name: 'letter.docx', bytes: docx },
        ])
      ).json(),
    );
    const coverOnly = ZSendFaxResponse.parse(
      (
        await sendFaxRequest(t.app, sender.cookie, {
          recipientNumber: recipient.number,
          faxQuality: 'fine',
          coverPageMessage: 'Call me back.',
        })
      ).json(),
    );
    await expect.poll(() => statusOf(docxFax.faxId, sender.cookie), { timeout: 60_000, interval: 250 }).toBe('delivered');
    await expect.poll(() => statusOf(coverOnly.faxId, sender.cookie), { timeout: 60_000, interval: 250 }).toBe('delivered');
    expect((await details(docxFax.faxId, sender.cookie)).pages).toBe(1);
    expect((await details(coverOnly.faxId, sender.cookie)).pages).toBe(1);
  }, 90_000);

  it('creates one fax for one Idempotency-Key', async () => {
    const sender = await customer();
    const send = () =>
      sendFaxRequest(t.app, sender.cookie, { recipientNumber: '+12025550143', faxQuality: 'fine' }, [{ name: 'a.pdf', bytes: pdf2 }], {
        'idempotency-key': 'order-7731',
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(ZSendFaxResponse.parse(first.json()).faxId).toBe(ZSendFaxResponse.parse(second.json()).faxId);
    expect(ZFaxListResponse.parse((await get('/api/faxes', sender.cookie)).json()).total).toBe(1);
  });
});

describe('the sandbox line', () => {
  it('fails a busy number with its reason after 1 try and 3 retries, each recorded', async () => {
    const sender = await customer();
    const { faxId } = ZSendFaxResponse.parse(
      (
        await sendFaxRequest(t.app, sender.cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.busy, faxQuality: 'fine' }, [
          { name: 'a.pdf', bytes: pdf2 },
        ])
      ).json(),
    );
    await expect.poll(() => statusOf(faxId, sender.cookie), { timeout: 60_000, interval: 250 }).toBe('failed');
    const fax = await details(faxId, sender.cookie);
    expect(fax).toMatchObject({ failureReason: 'busy', failureMessage: 'The line was busy on every try.', line: 'sandbox' });
    expect(fax.attempts.map((a) => a.result)).toEqual(['busy', 'busy', 'busy', 'busy']);
  }, 90_000);

  it('never calls one number twice at once: faxes to it take turns (DESTINATION_CALL_LIMIT 1)', async () => {
    const sender = await customer();
    const sendTo = async (recipientNumber: string) =>
      ZSendFaxResponse.parse(
        (await sendFaxRequest(t.app, sender.cookie, { recipientNumber, faxQuality: 'fine' }, [{ name: 'a.pdf', bytes: pdf2 }])).json(),
      ).faxId;
    // Three to the busy number, three to a healthy machine whose calls really cross T.30 (and so take a while).
    const busy = await Promise.all([1, 2, 3].map(() => sendTo(SANDBOX_TEST_NUMBERS.busy)));
    const healthy = await Promise.all([1, 2, 3].map(() => sendTo(SANDBOX_TEST_NUMBERS.delivers)));
    for (const [faxIds, status] of [
      [busy, 'failed'],
      [healthy, 'delivered'],
    ] as const) {
      for (const faxId of faxIds) await expect.poll(() => statusOf(faxId, sender.cookie), { timeout: 90_000, interval: 250 }).toBe(status);
      const calls = (await Promise.all(faxIds.map(async (faxId) => (await details(faxId, sender.cookie)).attempts)))
        .flat()
        .map((attempt) => ({ start: Date.parse(attempt.startedAt), end: Date.parse(attempt.endedAt!) }))
        .sort((a, b) => a.start - b.start);
      expect(calls).toHaveLength(status === 'failed' ? 12 : 3);
      // Each call begins once the one before it has ended.
      for (let i = 1; i < calls.length; i += 1) expect(calls[i]!.start).toBeGreaterThanOrEqual(calls[i - 1]!.end);
      // And soon after: the call that ends hands the turn on, rather than the next fax looking again by itself 10 s
      // later (destination-turns.ts). The busy number's calls have retry delays between them.
      if (status === 'delivered')
        for (let i = 1; i < calls.length; i += 1) expect(calls[i]!.start - calls[i - 1]!.end, 'the turn handed on').toBeLessThan(8_000);
    }
  }, 180_000);

  it('delivers part of a fax to the partial-delivery number, and all of it elsewhere', async () => {
    const sender = await customer();
    const partial = ZSendFaxResponse.parse(
      (
        await sendFaxRequest(t.app, sender.cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.partial_delivery, faxQuality: 'fine' }, [
          { name: 'a.pdf', bytes: pdf2 },
        ])
      ).json(),
    );
    const whole = ZSendFaxResponse.parse(
      (
        await sendFaxRequest(t.app, sender.cookie, { recipientNumber: '+442079460958', faxQuality: 'superfine' }, [
          { name: 'a.pdf', bytes: pdf2 },
        ])
      ).json(),
    );
    await expect.poll(() => statusOf(partial.faxId, sender.cookie), { timeout: 60_000, interval: 250 }).toBe('partially_delivered');
    await expect.poll(() => statusOf(whole.faxId, sender.cookie), { timeout: 60_000, interval: 250 }).toBe('delivered');
    expect((await details(partial.faxId, sender.cookie)).attempts[0]).toMatchObject({ result: 'partially_delivered', pagesSent: 1 });
  }, 90_000);
});

describe('quota, cancel, and the audit trail', () => {
  it("refuses a fax beyond the plan's pages before anything is queued", async () => {
    const sender = await customer();
    const [small] = await t.db
      .insert(plans)
      .values({
        id: crypto.randomUUID(),
        slug: `tiny-${Date.now()}`,
        name: 'Tiny',
        category: 'standard',
        pagesPerMonth: 2,
        text: { en: { description: '', features: [] }, es: { description: '', features: [] }, fr: { description: '', features: [] } },
      })
      .returning();
    await t.db.update(accounts).set({ planId: small!.id }).where(eq(accounts.id, sender.accountId));
    const response = await sendFaxRequest(
      t.app,
      sender.cookie,
      { recipientNumber: '+12025550143', faxQuality: 'fine', coverPageMessage: 'Hi' },
      [{ name: 'a.pdf', bytes: pdf2 }],
    );
    expect(response.statusCode).toBe(403);
    expect(message(response)).toBe(
      "This fax (3 pages) would go over your plan's 2 pages this period (0 already used or on their way). Upgrade your plan or wait for the next period.",
    );
    expect(ZFaxListResponse.parse((await get('/api/faxes', sender.cookie)).json()).total).toBe(0);
  });

  it('cancels a scheduled fax, and refuses to cancel it twice', async () => {
    const sender = await customer();
    const { faxId, status } = ZSendFaxResponse.parse(
      (
        await sendFaxRequest(
          t.app,
          sender.cookie,
          { recipientNumber: '+12025550143', faxQuality: 'fine', scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
          [{ name: 'a.pdf', bytes: pdf2 }],
        )
      ).json(),
    );
    expect(status).toBe('scheduled');
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/faxes/${faxId}/cancel`,
        headers: { cookie: sender.cookie, origin: 'http://localhost:3999' },
      });
    expect((await cancel()).json()).toMatchObject({ status: 'canceled', failureReason: 'canceled' });
    expect((await cancel()).statusCode).toBe(409);
  });

  it('keeps the audit trail append-only, even for the application', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    await recordAuditEvent(t.db, {
      actorUserId: null,
      accountId: null,
      ip: '127.0.0.1',
      action: 'test.append',
      objectType: 'test',
      objectId: null,
      outcome: 'success',
    });
    expect(await refusal(sql`update audit_events set outcome = 'success'`)).toMatch(/audit_events is append-only: UPDATE is not allowed/);
    expect(await refusal(sql`delete from audit_events`)).toMatch(/audit_events is append-only: DELETE is not allowed/);
    expect(await refusal(sql`truncate audit_events`)).toMatch(/audit_events is append-only: TRUNCATE is not allowed/);
  });
});

describe('a worker that dies in the middle of a job', () => {
  it('loses no fax and calls no number twice blind: the unfinished attempt ends as an interrupted line error, the retry delivers', async () => {
    // The state a worker leaves when it dies during a call: the fax sending with its image stored, attempt 1 started
    // and never ended. pg-boss runs the job again once it expires; here we run that second delivery of the job directly
    // (outside the queue: no other call holds this number's slot).
    const fax = await faxLeftByDyingWorkers(1);
    const deps = jobDepsOf(t);
    await transmitFaxJob.handler({ faxId: fax.id, attempt: 1 }, deps);
    await expect.poll(() => statusOf(fax.id, fax.cookie), { timeout: 30_000, interval: 200 }).toBe('delivered');

    // A third delivery of the same job finds the attempt done and does nothing.
    await transmitFaxJob.handler({ faxId: fax.id, attempt: 1 }, deps);
    await prepareFaxJob.handler({ faxId: fax.id }, deps);
    const result = await details(fax.id, fax.cookie);
    expect(result.status).toBe('delivered');
    expect(result.attempts.map((a) => [a.number, a.result])).toEqual([
      [1, 'line_quality'],
      [2, 'delivered'],
    ]);
    expect(await interruptedFlags(fax.id)).toEqual([true, false]);
  }, 60_000);

  it('does not count tries cut short by their worker against the retries: three cut tries, and the fourth delivers', async () => {
    const fax = await faxLeftByDyingWorkers(3);
    await transmitFaxJob.handler({ faxId: fax.id, attempt: 1 }, jobDepsOf(t));
    await expect.poll(() => statusOf(fax.id, fax.cookie), { timeout: 30_000, interval: 200 }).toBe('delivered');
    const result = await details(fax.id, fax.cookie);
    expect(result.attempts.map((a) => [a.number, a.result])).toEqual([
      [1, 'line_quality'],
      [2, 'line_quality'],
      [3, 'line_quality'],
      [4, 'delivered'],
    ]);
    expect(await interruptedFlags(fax.id)).toEqual([true, true, true, false]);
  }, 60_000);

  it('ends a fax whose every try dies with its worker: past three uncounted ones, cut tries count as line errors', async () => {
    const fax = await faxLeftByDyingWorkers(6);
    const deps = jobDepsOf(t);
    for (let attempt = 1; attempt <= 6; attempt += 1) await transmitFaxJob.handler({ faxId: fax.id, attempt }, deps);
    const result = await details(fax.id, fax.cookie);
    expect(result.status).toBe('failed');
    expect(result.failureReason).toBe('line_quality');
    expect(result.attempts.map((a) => a.result)).toEqual(Array(6).fill('line_quality'));
  }, 60_000);
});

/** A fax sending with its image stored and tries 1 to `tries` started and never ended: what dying workers leave. */
async function faxLeftByDyingWorkers(tries: number) {
  const sender = await customer();
  const image = (await renderFaxImage(await makePdf(1), 'fine')).tiff;
  const fax = await createFax(t, {
    accountId: sender.accountId,
    userId: sender.id,
    status: 'sending',
    toNumber: '+12025550143',
    pages: 1,
    imageKey: (await t.env.files.put(image)).key,
    imageBytes: image.length,
    line: 'sandbox',
  });
  for (let number = 1; number <= tries; number += 1) await t.db.insert(faxAttempts).values({ faxId: fax!.id, number, line: 'sandbox' });
  return { id: fax!.id, cookie: sender.cookie };
}

async function interruptedFlags(faxId: string): Promise<boolean[]> {
  const rows = await t.db.select().from(faxAttempts).where(eq(faxAttempts.faxId, faxId)).orderBy(faxAttempts.number);
  return rows.map((a) => a.interrupted);
}
