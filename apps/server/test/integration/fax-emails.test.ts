import type { AddressInfo } from 'node:net';
import { SANDBOX_TEST_NUMBERS, ZFaxEmailSettings, ZSendFaxResponse, type TSettings } from '@faxline/shared';
import { simpleParser, type ParsedMail } from 'mailparser';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { createAccount } from '@test-support/factories/accounts';
import { createFax } from '@test-support/factories/faxes';
import { faxEventEmailJob } from '../../src/fax-emails/fax-event-email-job';
import { sendEmailJob } from '../../src/email/send-email-job';
import { emailHandovers, mailboxMessages } from '../../src/email/schema';
import { eventDeliveries } from '../../src/fax-emails/schema';
import { faxEvents } from '../../src/events/schema';
import { faxes } from '../../src/faxes/schema';
import { faxNumbers } from '../../src/numbers/schema';
import { sendFaxRequest } from '../support/faxes';
import { callApi, errorOf, openTestApp, signIn, type TestApp } from '../support/test-app';
import { testLogger } from '../support/test-database';
import { documentKeysOf } from '../../src/faxes/fax-records';

// E-mail leaves through a real SMTP server on loopback; each message is read back as a mail client reads it.
const mails: ParsedMail[] = [];
const relay = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream, { keepCidLinks: true })
      .then((mail) => mails.push(mail))
      .then(() => callback(), callback);
  },
});
let t: TestApp;
let pdf: Buffer;
beforeAll(async () => {
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.server.address() as AddressInfo;
  t = await openTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Faxline <no-reply@faxline.test>', FAX_CLOCK_SCALE: '0.001' },
  });
  pdf = await makePdf(2);
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => relay.close(resolve));
});

const mailsTo = (address: string) =>
  mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === address.toLowerCase());
const jobsDeps = () => ({
  db: t.db,
  config: t.config,
  files: t.files,
  systemSettings: t.env.systemSettings,
  faxFilesOf: documentKeysOf,
  queue: t.env.queue,
  logger: testLogger,
});

async function customer(options: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(t, options);
  return { ...account, cookie: await signIn(t.app, account.owner.email) };
}

async function sendAndWait(cookie: string, recipientNumber: string, status: string) {
  const response = await sendFaxRequest(t.app, cookie, { recipientNumber, faxQuality: 'fine' }, [{ name: 'a.pdf', bytes: pdf }]);
  expect(response.statusCode, response.body).toBe(202);
  const { faxId } = ZSendFaxResponse.parse(response.json());
  const statusOf = async () => (await t.db.select({ status: faxes.status }).from(faxes).where(eq(faxes.id, faxId)))[0]?.status;
  await expect.poll(statusOf, { timeout: 60_000, interval: 200 }).toBe(status);
  await settled();
  return faxId;
}

const emailJobs = async (states: string) =>
  (
    await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job
      WHERE name IN ('email.fax-event', 'email.send') AND state::text = ANY(string_to_array(${states}, ','))`)
  ).rows[0]!.n;

/** Every event relayed and every e-mail job ended, none failed: what was going to be sent has reached the server. */
async function settled() {
  const pending = async () =>
    (await t.db.select({ id: faxEvents.id }).from(faxEvents).where(isNull(faxEvents.dispatchedAt))).length +
    (await emailJobs('created,retry,active'));
  await expect.poll(pending, { timeout: 30_000, interval: 200 }).toBe(0);
  expect(await emailJobs('failed')).toBe(0);
}

/** A header as it was written, its folded lines joined. */
const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((header) => header.key === name)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n[ \t]+/g, '');

const setSettings = (cookie: string, settings: Partial<TSettings>) =>
  callApi(t.app, 'PUT', '/api/settings', {
    cookie,
    payload: { faxReceived: true, faxSentConfirmation: true, promotionalOffers: false, defaultFaxQuality: 'standard', ...settings },
  });

const pdfPart = (mail: ParsedMail) => mail.attachments.find((part) => part.contentType === 'application/pdf');
const firstPagePart = (mail: ParsedMail) => mail.attachments.find((part) => part.contentType === 'image/png');

describe('fax to e-mail and delivery confirmations (issue 18, items 2, 3 and 7)', () => {
  it("e-mails a fax that arrives to the recipient's owner with its PDF and first page, and confirms delivery to the sender, once each", async () => {
    const sender = await customer({ owner: { name: 'Grace Hopper' } });
    // Professional: the first plan with fax to e-mail (decision 087).
    const recipient = await customer({ owner: { name: 'Alan Turing' }, plan: { slug: 'professional' } });
    const faxId = await sendAndWait(sender.cookie, recipient.number!, 'delivered');
    const [copy] = await t.db.select().from(faxes).where(eq(faxes.sourceFaxId, faxId));

    expect(mailsTo(recipient.owner.email)).toHaveLength(1);
    const received = mailsTo(recipient.owner.email)[0]!;
    expect(received.subject).toBe('Fax from Grace Hopper, 2 pages');
    expect(received.text).toContain('Pages: 2');
    expect(received.html).toContain('cid:first-page@faxline');
    const document = pdfPart(received)!;
    expect(document.filename).toMatch(/^fax-\d{4}-\d{2}-\d{2}-\d+\.pdf$/);
    expect((await PDFDocument.load(document.content)).getPageCount()).toBe(copy!.pages);
    expect(firstPagePart(received)).toMatchObject({ cid: 'first-page@faxline', contentDisposition: 'inline' });
    expect(headerOf(received, 'auto-submitted')).toBe('auto-generated');
    expect(headerOf(received, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(received, 'list-unsubscribe')).toMatch(/^<http:\/\/localhost:3999\/api\/notifications\/unsubscribe\?token=[\w.%-]+>$/);
    expect(received.messageId).toMatch(/@faxline\.test>$/);
    expect(received.text).toContain(`${t.config.publicUrl}/user/fax-history?tab=received&fax=${copy!.id}`);

    expect(mailsTo(sender.owner.email)).toHaveLength(1);
    const confirmation = mailsTo(sender.owner.email)[0]!;
    expect(confirmation.subject).toMatch(/^Fax to .+ delivered$/);
    expect(confirmation.text).toMatch(/Pages sent: 2 of 2\nAttempts: 1\nCall time: \d+ sec/);
    expect(pdfPart(confirmation)).toBeUndefined();
    expect(firstPagePart(confirmation)).toMatchObject({ cid: 'first-page@faxline' });
  }, 90_000);

  it("gives the times in the time zone the person chose in their profile, else in the account's", async () => {
    const sender = await customer({ owner: { name: 'Grace Hopper' } });
    const recipient = await customer({ owner: { name: 'Alan Turing' } });
    const profile = await callApi(t.app, 'PATCH', '/api/profile', {
      cookie: recipient.cookie,
      payload: { name: 'Alan Turing', image: null, timeZone: 'America/New_York' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await sendAndWait(sender.cookie, recipient.number!, 'delivered');

    expect(mailsTo(recipient.owner.email)[0]!.text).toMatch(/Received: .+ (EST|EDT)\n/);
    expect(mailsTo(sender.owner.email)[0]!.text).toMatch(/Ended: .+ UTC\n/);
  }, 90_000);

  it('sends nothing to people who turned the notices off', async () => {
    const sender = await customer();
    const recipient = await customer();
    expect((await setSettings(sender.cookie, { faxSentConfirmation: false })).statusCode).toBe(200);
    expect((await setSettings(recipient.cookie, { faxReceived: false })).statusCode).toBe(200);
    await sendAndWait(sender.cookie, recipient.number!, 'delivered');
    expect(mailsTo(sender.owner.email)).toEqual([]);
    expect(mailsTo(recipient.owner.email)).toEqual([]);
  }, 90_000);

  it("reaches the members who may see the fax and the number's extra addresses, in the owner's language", async () => {
    const sender = await customer();
    // Professional: a plan with fax to e-mail, whose extra addresses Basic does not include (decision 087).
    const recipient = await customer({
      owner: { language: 'fr' },
      members: [{ role: 'user', language: 'es' }, { role: 'billing' }],
      plan: { slug: 'professional' },
    });
    const [user, billing] = recipient.members;
    const extra = `extra-${Date.now()}@example.com`;
    const save = (emailRecipients: string[]) =>
      callApi(t.app, 'PUT', '/api/account/fax-email', {
        cookie: recipient.cookie,
        payload: { documentsInEmail: true, numbers: [{ phoneNumber: recipient.number, emailRecipients }] },
      });
    expect(
      (await save(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com', 'f@example.com'])).statusCode,
    ).toBe(400);
    expect((await save(['not an address'])).statusCode).toBe(400);
    const saved = ZFaxEmailSettings.parse((await save([extra.toUpperCase(), user!.email])).json());
    expect(saved.numbers[0]!.emailRecipients).toEqual([extra, user!.email.toLowerCase()]);

    await sendAndWait(sender.cookie, recipient.number!, 'delivered');
    expect(mailsTo(recipient.owner.email).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Fax de .+, 2 pages$/)]);
    expect(mailsTo(user!.email).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Fax de .+, 2 páginas$/)]);
    expect(mailsTo(billing!.email)).toEqual([]);
    const [toExtra] = mailsTo(extra);
    expect(toExtra?.subject).toMatch(/^Fax de .+, 2 pages$/);
    expect(pdfPart(toExtra!)).toBeDefined();
  }, 90_000);

  it('sends a sign-in link instead of the document on a HIPAA plan, on a plan without fax to e-mail, when the account asks, and over 10 MB', async () => {
    const hipaa = await customer({ plan: { slug: 'hipaa-basic' } });
    const basic = await customer({ plan: { slug: 'basic' } });
    const private_ = await customer({ plan: { slug: 'professional' } });
    const large = await customer({ plan: { slug: 'professional' } });
    const settings = ZFaxEmailSettings.parse((await callApi(t.app, 'GET', '/api/account/fax-email', { cookie: hipaa.cookie })).json());
    expect(settings).toMatchObject({ hipaaPlan: true, documentsInEmail: true });
    const off = await callApi(t.app, 'PUT', '/api/account/fax-email', {
      cookie: private_.cookie,
      payload: { documentsInEmail: false, numbers: [] },
    });
    expect(off.json()).toMatchObject({ documentsInEmail: false, hipaaPlan: false });

    // Basic, with an extra address kept from a dearer plan (moved straight in the table, as a downgrade leaves it).
    const kept = `kept-${Date.now()}@example.com`;
    await t.db
      .update(faxNumbers)
      .set({ emailRecipients: [kept] })
      .where(eq(faxNumbers.phoneNumber, basic.number!));

    const sender = await customer();
    await sendAndWait(sender.cookie, hipaa.number!, 'delivered');
    await sendAndWait(sender.cookie, basic.number!, 'delivered');
    await sendAndWait(sender.cookie, private_.number!, 'delivered');
    const { key } = await t.files.put(Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    const big = await createFax(t, { accountId: large.id, status: 'received', toNumber: large.number!, documentKey: key, pages: 40 });
    await settled();

    for (const [account, notice] of [
      [hipaa, 'Your plan keeps fax documents out of e-mail (HIPAA).'],
      [basic, 'Your plan does not include fax to e-mail, so the document is not attached.'],
      [private_, 'This account keeps fax documents out of e-mail.'],
      [large, 'The fax is too large to attach to an e-mail (10 MB).'],
    ] as const) {
      const [mail] = mailsTo(account.owner.email);
      expect(mail?.text).toContain(notice);
      expect(mail?.text).toContain(`${t.config.publicUrl}/user/fax-history?tab=received&fax=`);
      expect(mail?.attachments).toEqual([]);
      expect(mail?.html).not.toContain('cid:');
    }
    expect(mailsTo(large.owner.email)[0]!.text).toContain(big.id);
    expect(mailsTo(kept)).toEqual([]);
  }, 120_000);

  it('confirms a failed fax once, after its last try, with the tries and the reason in words', async () => {
    const sender = await customer();
    await sendAndWait(sender.cookie, SANDBOX_TEST_NUMBERS.busy, 'failed');
    const confirmations = mailsTo(sender.owner.email);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.subject).toMatch(/not delivered$/);
    expect(confirmations[0]!.text).toContain('Attempts: 4');
    expect(confirmations[0]!.text).toContain('Reason: Busy: the line was engaged');
  }, 90_000);

  it('turns the notice off with the one-click unsubscribe link, for a person and for an extra address', async () => {
    const sender = await customer();
    const recipient = await customer({ plan: { slug: 'professional' } });
    const extra = `leave-${Date.now()}@example.com`;
    await t.db
      .update(faxNumbers)
      .set({ emailRecipients: [extra] })
      .where(eq(faxNumbers.phoneNumber, recipient.number!));
    await sendAndWait(sender.cookie, recipient.number!, 'delivered');

    for (const address of [recipient.owner.email, extra]) {
      const link = new URL(/^<(.+)>$/.exec(headerOf(mailsTo(address)[0]!, 'list-unsubscribe') ?? '')![1]!);
      const url = link.pathname + link.search;
      const asked = await t.app.inject({ method: 'GET', url });
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toContain('<form method="post"');
      // Asking changes nothing: a link scanner that opens every link unsubscribes nobody.
      if (address === recipient.owner.email)
        expect((await callApi(t.app, 'GET', '/api/settings', { cookie: recipient.cookie })).json()).toMatchObject({ faxReceived: true });
      // As a mail client posts it (RFC 8058): no cookie, no origin.
      const done = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ ok: true });
      // The confirmation page's button, as a browser posts it again: nothing left to do, and it says so.
      const again = await t.app.inject({
        method: 'POST',
        url,
        headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain('will no longer');
    }
    const settings = await callApi(t.app, 'GET', '/api/settings', { cookie: recipient.cookie });
    expect(settings.json()).toMatchObject({ faxReceived: false, faxSentConfirmation: true });
    const [number] = await t.db.select().from(faxNumbers).where(eq(faxNumbers.phoneNumber, recipient.number!));
    expect(number!.emailRecipients).toEqual([]);

    const forged = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe?token=e30.AAAA' });
    expect(errorOf(forged).code).toBe('errors.invalidUnsubscribeLink');
    const forgedPage = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unsubscribe?token=e30.AAAA',
      headers: { accept: 'text/html' },
    });
    expect(forgedPage.statusCode).toBe(400);
    expect(forgedPage.body).toContain('This unsubscribe link is not valid.');
  }, 90_000);

  it('queues each e-mail once however often its job runs, even twice at once', async () => {
    const recipient = await customer();
    const fax = await createFax(t, { accountId: recipient.id, status: 'received', toNumber: recipient.number! });
    await settled();
    const before = mailsTo(recipient.owner.email).length;
    // An event the relay has already handed over: only the runs below handle it.
    const [event] = await t.db
      .insert(faxEvents)
      .values({ accountId: recipient.id, faxId: fax.id, type: 'fax.received', dispatchedAt: new Date() })
      .returning();
    await Promise.all([
      faxEventEmailJob.handler({ eventId: event!.id }, jobsDeps()),
      faxEventEmailJob.handler({ eventId: event!.id }, jobsDeps()),
    ]);
    await faxEventEmailJob.handler({ eventId: event!.id }, jobsDeps());
    await settled();
    expect(mailsTo(recipient.owner.email)).toHaveLength(before + 1);
    expect(
      await t.db
        .select()
        .from(eventDeliveries)
        .where(and(eq(eventDeliveries.eventId, event!.id), eq(eventDeliveries.consumer, 'email'))),
    ).toHaveLength(1);
  }, 60_000);

  it("keeps a fax event's e-mail in the local mailbox in the run that owes it, once, and queues no send job, when there is no relay (decision 144)", async () => {
    const recipient = await customer();
    const fax = await createFax(t, { accountId: recipient.id, status: 'received', toNumber: recipient.number! });
    await settled();
    const [event] = await t.db
      .insert(faxEvents)
      .values({ accountId: recipient.id, faxId: fax.id, type: 'fax.received', dispatchedAt: new Date() })
      .returning();
    const local = { ...jobsDeps(), config: { ...t.config, smtpUrl: undefined } };
    await Promise.all([faxEventEmailJob.handler({ eventId: event!.id }, local), faxEventEmailJob.handler({ eventId: event!.id }, local)]);
    await faxEventEmailJob.handler({ eventId: event!.id }, local);

    const address = recipient.owner.email.toLowerCase();
    const kept = await t.db
      .select({ subject: mailboxMessages.subject })
      .from(mailboxMessages)
      .where(sql`lower(${mailboxMessages.to}) = ${address}`);
    expect(kept).toEqual([{ subject: expect.stringMatching(/^Fax from /) }]);
    // The run's own e-mail job would have said which event it is for (its Message-ID is made from the event's id).
    const jobs = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email.send' AND data->>'messageId' LIKE ${`%${event!.id}%`}`,
    );
    expect(jobs.rows[0]!.n).toBe(0);
    const deliveries = await t.db
      .select()
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.eventId, event!.id), eq(eventDeliveries.consumer, 'email')));
    expect(deliveries).toHaveLength(1);
  }, 60_000);

  it('hands an e-mail with a Message-ID over once, and counts a try its worker died in as interrupted', async () => {
    const to = `handover-${Date.now()}@example.com`;
    const messageId = `<handover-${Date.now()}@faxline.test>`;
    const email = { to, subject: 'Handed over once', text: 'Once.', html: '<p>Once.</p>', messageId };
    // A try that started and never ended: the worker that made it died mid-handover.
    await t.db.insert(emailHandovers).values({ messageId, tries: 1, tryStartedAt: new Date() });
    await sendEmailJob.handler(email, jobsDeps());
    // The queue runs it again (its worker died before recording the job done): nothing more goes out.
    await sendEmailJob.handler(email, jobsDeps());
    await settled();
    expect(mailsTo(to)).toHaveLength(1);
    expect(mailsTo(to)[0]?.messageId).toBe(messageId);
    const [row] = await t.db.select().from(emailHandovers).where(eq(emailHandovers.messageId, messageId));
    expect(row).toMatchObject({ tries: 2, interruptedTries: 1, lastError: null });
    expect(row?.handedOverAt).toBeInstanceOf(Date);
  }, 60_000);

  it('records a refused handover as ended, not interrupted, and sends on the next try', async () => {
    const to = `refused-${Date.now()}@example.com`;
    const messageId = `<refused-${Date.now()}@faxline.test>`;
    const email = { to, subject: 'Refused once', text: 'Later.', html: '<p>Later.</p>', messageId };
    const closed = { ...jobsDeps(), config: { ...t.config, smtpUrl: 'smtp://127.0.0.1:1' } };
    await expect(sendEmailJob.handler(email, closed)).rejects.toThrow();
    const [refused] = await t.db.select().from(emailHandovers).where(eq(emailHandovers.messageId, messageId));
    expect(refused).toMatchObject({ tries: 1, interruptedTries: 0, handedOverAt: null });
    expect(refused?.lastError).toBeTruthy();
    await sendEmailJob.handler(email, jobsDeps());
    await settled();
    expect(mailsTo(to)).toHaveLength(1);
    const [sent] = await t.db.select().from(emailHandovers).where(eq(emailHandovers.messageId, messageId));
    expect(sent).toMatchObject({ tries: 2, interruptedTries: 0, lastError: null });
  }, 60_000);

  it('keeps an e-mail with a Message-ID in the local mailbox once, with its handover, however often its job runs', async () => {
    const deps = { ...jobsDeps(), config: { ...t.config, smtpUrl: undefined } };
    const kept = async (to: string) => (await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to))).length;
    const handover = async (messageId: string) =>
      (await t.db.select().from(emailHandovers).where(eq(emailHandovers.messageId, messageId)))[0];
    const email = (name: string) => ({
      to: `${name}-${Date.now()}@example.com`,
      subject: 'Kept once',
      text: 'Once.',
      html: '<p>Once.</p>',
      messageId: `<${name}-${Date.now()}@faxline.test>`,
    });

    const once = email('kept');
    await Promise.all([sendEmailJob.handler(once, deps), sendEmailJob.handler(once, deps)]);
    await sendEmailJob.handler(once, deps);
    expect(await kept(once.to)).toBe(1);
    expect(await handover(once.messageId)).toMatchObject({ tries: 1, interruptedTries: 0, lastError: null });
    expect((await handover(once.messageId))?.handedOverAt).toBeInstanceOf(Date);

    // A try a relay began and never ended (the relay was configured then): the mailbox counts it as interrupted.
    const cut = email('cut');
    await t.db.insert(emailHandovers).values({ messageId: cut.messageId, tries: 1, tryStartedAt: new Date() });
    await sendEmailJob.handler(cut, deps);
    expect(await kept(cut.to)).toBe(1);
    expect(await handover(cut.messageId)).toMatchObject({ tries: 2, interruptedTries: 1 });
  });

  it("keeps the attachments' names and sizes in the local mailbox, and drops an e-mail whose fax was deleted", async () => {
    const owner = await customer();
    const { key } = await t.files.put(pdf);
    const fax = await createFax(t, { accountId: owner.id, status: 'received', toNumber: owner.number!, documentKey: key });
    const to = `mailbox-${Date.now()}@example.com`;
    const email = { to, subject: 'A fax', text: 'A fax.', html: '<p>A fax.</p>' };
    const attachments = [{ faxId: fax.id, part: 'document' as const, filename: 'fax.pdf', contentType: 'application/pdf' as const }];
    const deps = { ...jobsDeps(), config: { ...t.config, smtpUrl: undefined } };
    await sendEmailJob.handler({ ...email, attachments }, deps);
    expect((await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to)))[0]?.attachments).toEqual([
      { filename: 'fax.pdf', contentType: 'application/pdf', size: pdf.length },
    ]);
    await t.db.delete(faxes).where(eq(faxes.id, fax.id));
    await sendEmailJob.handler({ ...email, subject: 'Gone', attachments }, deps);
    expect(await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.subject, 'Gone'))).toEqual([]);
  });
});
