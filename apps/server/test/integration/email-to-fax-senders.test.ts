import { MESSAGES, ZEmailToFaxSettings, ZSenderConfirmation } from '@faxline/shared';
import fs from 'node:fs/promises';
import { and, count, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { uniqueEmail } from '@test-support/factories/values';
import { accounts } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { sendUnsentSenderLinks } from '../../src/email-to-fax/sender-links';
import { faxes } from '../../src/faxes/schema';
import { startTestGateway } from '../support/email-gateway';
import { callApi, errorOf, signIn, someClientAddress, openTestApp, type TestApp } from '../support/test-app';

// An outside address allowed to send faxes by e-mail is proven by its owner's click, never claimed by an account. No
// worker: the e-mails stay queued and are read from the queue; the faxes are judged by the gateway's answer and rows.
let t: TestApp;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
beforeAll(async () => {
  t = await openTestApp({ work: false });
  gateway = await startTestGateway(t);
}, 60_000);
afterAll(async () => {
  await gateway?.stop();
  await t?.close();
});

const SETTINGS = '/api/account/email-to-fax';
const CONFIRMATION = '/api/email-to-fax/sender-confirmation';
let recipientNumber: string;

let accountsMade = 0;

/** An account named for its owner, as at sign-up, each with its own name here; signed in as its owner. */
async function owner(members: Array<{ role: 'admin' | 'user' }> = []) {
  accountsMade += 1;
  const account = await createAccount(t, { owner: { name: `Clinic ${accountsMade} Owner` }, members });
  const cookie = await signIn(t.app, account.owner.email);
  const [row] = await t.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, account.id));
  return { ...account, cookie, name: row!.name };
}

/** The account allows exactly these addresses (policy off: no DNS here), as its E-mail to fax page saves them. */
async function allow(cookie: string, allowedSenders: string[]) {
  const response = await callApi(t.app, 'PUT', SETTINGS, { cookie, payload: { allowedSenders, authPolicy: 'off', includeBody: true } });
  expect(response.statusCode, response.body).toBe(200);
  return ZEmailToFaxSettings.parse(response.json());
}

const settingsOf = async (cookie: string) => ZEmailToFaxSettings.parse((await callApi(t.app, 'GET', SETTINGS, { cookie })).json());

/** A message from `from` to the gateway: the fax ids of its 250, or the SMTP refusal. */
async function mailFax(from: string): Promise<{ accepted: boolean; response: string }> {
  if (!recipientNumber) recipientNumber = (await createAccount(t)).number!;
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: gateway.port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({
      from,
      to: `${recipientNumber.slice(1)}@fax.localhost`,
      subject: 'Lab results',
      text: 'Attached.',
      attachments: [{ filename: 'results.pdf', content: await makePdf(1) }],
    });
    return { accepted: true, response: info.response };
  } catch (error) {
    return { accepted: false, response: (error as { response?: string }).response ?? String(error) };
  }
}

const faxesOf = async (accountId: string) => (await t.db.select({ n: count() }).from(faxes).where(eq(faxes.accountId, accountId)))[0]!.n;

/** The e-mails queued to an address, newest last. */
async function emailsTo(address: string): Promise<Array<{ subject: string; text: string; html: string }>> {
  const rows = await t.db.execute<{ data: { subject: string; text: string; html: string } }>(
    sql`select data from pgboss.job where name = 'email.send' and lower(data->>'to') = ${address.toLowerCase()} order by created_on`,
  );
  return rows.rows.map((row) => row.data);
}

const CONFIRM_LINK = /https?:\/\/\S+\/confirm-email-sender\?token=([A-Za-z0-9_-]+)/;

/** The token of the newest confirmation link sent to an address (its faxes' replies go there too). */
async function linkTokenTo(address: string): Promise<string> {
  const [latest] = (await emailsTo(address)).filter((email) => CONFIRM_LINK.test(email.text)).reverse();
  expect(latest, `no confirmation link was sent to ${address}`).toBeDefined();
  return CONFIRM_LINK.exec(latest!.text)![1]!;
}

const lookUp = (token: string, language?: string) =>
  callApi(t.app, 'GET', `${CONFIRMATION}?token=${encodeURIComponent(token)}`, { language, remoteAddress: someClientAddress() });
const confirm = (token: string, language?: string) =>
  callApi(t.app, 'POST', CONFIRMATION, { payload: { token }, language, remoteAddress: someClientAddress() });

const auditOf = (accountId: string, action: `${string}.${string}`) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action)));

describe('an allowed e-mail sender is proven by its owner, never claimed', () => {
  it('no fax is accepted for the claiming account until the address’s owner confirms the link sent to it', async () => {
    const claimer = await owner();
    const address = uniqueEmail().replace('@', '.scanner@');
    const saved = await allow(claimer.cookie, [address.toUpperCase()]);

    // Claimed, not proven: the gateway refuses the address as any stranger, and nothing is made.
    const before = await mailFax(address);
    expect(before.accepted, before.response).toBe(false);
    expect(before.response).toContain('550 5.7.1');
    expect(await faxesOf(claimer.id)).toBe(0);

    expect(saved.senders).toEqual([{ address, status: 'pending', expiresAt: expect.any(String), confirmedAt: null }]);
    const expiresIn = Date.parse(saved.senders[0]!.expiresAt!) - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000);

    // The address's owner is asked, by name of the account that asks.
    const [asked] = await emailsTo(address);
    expect(asked!.subject).toBe(`Confirm that ${address} may send faxes for ${claimer.name}`);
    expect(asked!.text).toContain(claimer.name);
    const token = await linkTokenTo(address);

    // Reading the link (a mail scanner's GET, the page before the click) confirms nothing.
    const looked = await lookUp(token);
    expect(looked.statusCode, looked.body).toBe(200);
    expect(ZSenderConfirmation.parse(looked.json())).toEqual({
      address,
      accountName: claimer.name,
      requestedBy: claimer.owner.name,
      expiresAt: saved.senders[0]!.expiresAt,
      movesFromAnotherAccount: false,
      confirmed: false,
    });
    expect((await mailFax(address)).accepted).toBe(false);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(ZSenderConfirmation.parse(confirmed.json())).toMatchObject({ address, accountName: claimer.name, confirmed: true });
    expect((await settingsOf(claimer.cookie)).senders).toEqual([
      { address, status: 'active', expiresAt: null, confirmedAt: expect.any(String) },
    ]);

    const after = await mailFax(`Scanner <${address}>`);
    expect(after.response).toMatch(/^250 2\.0\.0 Accepted: fax [0-9a-f-]{36}$/);
    expect(await faxesOf(claimer.id)).toBe(1);

    // The link is used: it works once.
    const again = await confirm(token);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(MESSAGES.en.errors.senderLinkInvalid);
    expect((await lookUp(token, 'fr')).json()).toMatchObject({ error: { message: MESSAGES.fr.errors.senderLinkInvalid } });

    const [requested] = await auditOf(claimer.id, 'account.email_to_fax_sender_requested');
    expect(requested).toMatchObject({ actorUserId: claimer.owner.id, objectId: address, outcome: 'success' });
    const [proven] = await auditOf(claimer.id, 'account.email_to_fax_sender_confirmed');
    expect(proven).toMatchObject({ actorUserId: null, objectId: address, outcome: 'success' });
  }, 60_000);

  it('a second account’s claim changes nothing for the first until the owner confirms it there; then the first is told', async () => {
    const first = await owner([{ role: 'admin' }]);
    const second = await owner();
    const address = uniqueEmail();
    await allow(first.cookie, [address]);
    expect((await confirm(await linkTokenTo(address))).statusCode).toBe(200);

    // The second account's claim answers as any claim does: nothing tells it that another account has the address.
    const claimed = await allow(second.cookie, [address]);
    const fresh = await allow(second.cookie, [address, 'never-used@example.com']);
    expect(claimed.senders).toEqual([{ address, status: 'pending', expiresAt: expect.any(String), confirmedAt: null }]);
    expect(fresh.senders.map(({ status, confirmedAt }) => ({ status, confirmedAt }))).toEqual([
      { status: 'pending', confirmedAt: null },
      { status: 'pending', confirmedAt: null },
    ]);

    // The first account keeps the address meanwhile.
    const meanwhile = await mailFax(address);
    expect(meanwhile.response, 'the first account still sends from the address').toMatch(/^250 2\.0\.0 Accepted/);
    expect(await faxesOf(first.id)).toBe(1);
    expect(await faxesOf(second.id)).toBe(0);
    expect((await settingsOf(first.cookie)).senders).toMatchObject([{ address, status: 'active' }]);

    // The address's owner decides: the page says the address moves, without naming the account it leaves.
    const token = await linkTokenTo(address);
    const looked = await lookUp(token);
    expect(looked.json()).toMatchObject({ accountName: second.name, movesFromAnotherAccount: true });
    expect(looked.body).not.toContain(first.name);
    expect(looked.body).not.toContain(first.owner.email);
    expect((await confirm(token)).statusCode).toBe(200);

    // One account at a time: now the second's, and the first one's people who keep the page are told.
    expect((await settingsOf(first.cookie)).senders).toEqual([]);
    expect((await settingsOf(second.cookie)).senders[0]).toMatchObject({ address, status: 'active' });
    expect((await mailFax(address)).accepted).toBe(true);
    expect(await faxesOf(second.id)).toBe(1);
    expect(await faxesOf(first.id)).toBe(1);
    for (const person of [first.owner, first.members[0]!]) {
      const [told] = await emailsTo(person.email);
      expect(told?.subject, person.email).toBe(`${address} no longer sends faxes for ${first.name}`);
      expect(told!.text).toContain('its owner confirmed it for another Faxline account');
      expect(told!.text).not.toContain(second.name);
    }
    const [lost] = await auditOf(first.id, 'account.email_to_fax_sender_lost');
    expect(lost).toMatchObject({ actorUserId: null, objectId: address, details: { reason: 'moved' } });
  }, 60_000);

  it('an address removed by one of the account’s managers: the others are told, and it sends no more', async () => {
    const account = await owner([{ role: 'admin' }]);
    const address = uniqueEmail();
    await allow(account.cookie, [address]);
    await confirm(await linkTokenTo(address));
    const admin = account.members[0]!;
    await allow(await signIn(t.app, admin.email), []);
    const [told] = await emailsTo(account.owner.email);
    expect(told?.subject).toBe(`${address} no longer sends faxes for ${account.name}`);
    expect(told!.text).toContain(`${admin.name} removed it`);
    expect(await emailsTo(admin.email)).toEqual([]);
    expect((await mailFax(address)).accepted).toBe(false);
    const [lost] = await auditOf(account.id, 'account.email_to_fax_sender_lost');
    expect(lost).toMatchObject({ actorUserId: admin.id, objectId: address, details: { reason: 'removed' } });
  }, 60_000);

  it('a link expires after 7 days; a new one can be sent (the old one then dies), not twice in a few minutes', async () => {
    const account = await owner();
    const address = uniqueEmail();
    await allow(account.cookie, [address]);
    const oldToken = await linkTokenTo(address);
    // Sent 7 days ago.
    await t.db.execute(
      sql`update email_to_fax_senders set sent_at = now() - interval '7 days', expires_at = now() - interval '1 second' where address = ${address}`,
    );

    expect((await settingsOf(account.cookie)).senders).toMatchObject([{ address, status: 'expired' }]);
    const expired = await confirm(oldToken, 'es');
    expect(expired.statusCode).toBe(404);
    expect(errorOf(expired).code).toBe('errors.senderLinkExpired');
    expect(errorOf(expired).message).toBe(MESSAGES.es.errors.senderLinkExpired);
    expect((await mailFax(address)).accepted).toBe(false);

    const resend = (language?: string) =>
      callApi(t.app, 'POST', `${SETTINGS}/resend`, { cookie: account.cookie, payload: { address }, language });
    const resent = await resend();
    expect(resent.statusCode, resent.body).toBe(200);
    expect(ZEmailToFaxSettings.parse(resent.json()).senders).toMatchObject([{ address, status: 'pending' }]);
    expect(await emailsTo(address)).toHaveLength(2);
    const newToken = await linkTokenTo(address);
    expect(newToken).not.toBe(oldToken);
    expect((await confirm(oldToken)).statusCode).toBe(404);

    const tooSoon = await resend('fr');
    expect(tooSoon.statusCode).toBe(429);
    expect(errorOf(tooSoon).message).toBe(MESSAGES.fr.errors.senderResentRecently);
    expect(await emailsTo(address)).toHaveLength(2);

    expect((await confirm(newToken)).statusCode).toBe(200);
    expect((await mailFax(address)).accepted).toBe(true);
    // An active address has nothing to confirm; an address the account does not list is not its to resend.
    expect((await resend()).statusCode).toBe(409);
    const stranger = await callApi(t.app, 'POST', `${SETTINGS}/resend`, { cookie: account.cookie, payload: { address: 'x@example.com' } });
    expect(stranger.statusCode).toBe(404);
  }, 60_000);

  it('a person’s own sign-in address cannot be confirmed for another account, and bad links get a clear 4xx', async () => {
    const person = await owner();
    const other = await owner();
    await allow(other.cookie, [person.owner.email]);
    const refused = await confirm(await linkTokenTo(person.owner.email));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(MESSAGES.en.errors.senderIsPerson);
    expect((await settingsOf(other.cookie)).senders).toMatchObject([{ status: 'pending' }]);

    expect((await confirm('not-a-token')).statusCode).toBe(404);
    const empty = await callApi(t.app, 'POST', CONFIRMATION, { payload: {}, remoteAddress: someClientAddress() });
    expect(empty.statusCode).toBe(400);
    expect((await lookUp('')).statusCode).toBe(400);
  }, 60_000);

  it('addresses allowed before they had to be proven wait for their owners, and the worker sends each its link', async () => {
    const account = await owner();
    const address = uniqueEmail();
    // The settings row as it was before migration 0029, then that migration's step that carries the addresses over.
    const migration = await fs.readFile(new URL('../../drizzle/0029_email_to_fax_senders_proven.sql', import.meta.url), 'utf8');
    const carryOver = migration.split('--> statement-breakpoint').find((statement) => statement.includes('INSERT INTO'))!;
    await t.db.execute(sql`alter table email_to_fax_settings add column allowed_senders text[] not null default '{}'`);
    try {
      await t.db.execute(
        sql`insert into email_to_fax_settings (account_id, allowed_senders) values (${account.id}, array[${address.toUpperCase()}])`,
      );
      await t.db.execute(sql.raw(carryOver));
    } finally {
      await t.db.execute(sql`alter table email_to_fax_settings drop column allowed_senders`);
    }
    expect((await settingsOf(account.cookie)).senders).toEqual([{ address, status: 'expired', expiresAt: null, confirmedAt: null }]);
    expect((await mailFax(address)).accepted).toBe(false);

    // The scheduled job's work: one link, asked in the owner's name; run again, nothing more.
    await sendUnsentSenderLinks({ db: t.db, queue: t.env.queue, publicUrl: t.config.publicUrl });
    await sendUnsentSenderLinks({ db: t.db, queue: t.env.queue, publicUrl: t.config.publicUrl });
    expect(await emailsTo(address)).toHaveLength(1);
    expect((await settingsOf(account.cookie)).senders).toMatchObject([{ address, status: 'pending' }]);
    expect((await lookUp(await linkTokenTo(address))).json()).toMatchObject({ accountName: account.name, requestedBy: account.owner.name });
  }, 60_000);
});
