import { randomUUID } from 'node:crypto';
import {
  ZAdminTicketDetail,
  ZContactResponse,
  ZSupportTicketDetail,
  ZSupportTicketListResponse,
  ZTicketMessage,
  ticketReference,
} from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestPerson } from '@test-support/factories/accounts';
import { makePdf, makePng } from '@test-support/factories/documents';
import { unique, uniqueEmail } from '@test-support/factories/values';
import { auditEvents } from '../../src/audit/schema';
import { mailboxMessages } from '../../src/email/schema';
import { listCustomerTickets } from '../../src/tickets/customer-tickets';
import { ticketReplyAddress } from '../../src/tickets/ticket-reply-address';
import { startTestGateway } from '../support/email-gateway';
import { connectSmtp } from '../support/smtp-client';
import { adminSession, callApi, errorOf, openTestApp, signIn, someClientAddress, TEST_ORIGIN, type TestApp } from '../support/test-app';

// The customer's side of support (decision 114): /api/support/tickets for the person whose ticket it is, and answers
// to a reply's e-mail through the SMTP gateway, matched by the ticket's signed reply address and nothing else.

let t: TestApp;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let adminCookie: string;
let ana: TestPerson;
let anaCookie: string;
let bruno: TestPerson;
let brunoCookie: string;
const DOMAIN = 'fax.localhost';

beforeAll(async () => {
  t = await openTestApp();
  gateway = await startTestGateway(t);
  ({ cookie: adminCookie } = await adminSession(t, { name: 'Grace Hopper' }));
  // Ana has a Billing role on someone's account: support is hers whatever her role.
  const account = await createAccount(t, { members: [{ role: 'billing', name: 'Ana Ruiz' }] });
  ana = account.members[0]!;
  bruno = (await createAccount(t, { owner: { name: 'Bruno Díaz' } })).owner;
  [anaCookie, brunoCookie] = await Promise.all([signIn(t.app, ana.email), signIn(t.app, bruno.email)]);
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  callApi(t.app, method, url, { cookie, payload, language: 'en', remoteAddress: someClientAddress() });

/** A message sent from /contact by a visitor (signed out) with this address. */
async function contactTicket(email: string, subject = unique('Invoice question')) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Ana R.', email, subject, department: 'billing', message: 'Where is my November invoice?' },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: someClientAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: ZContactResponse.parse(response.json()).ticketId, subject };
}

/** The reply form as the browser posts it: `body` and files `attachment_N`. */
async function replyForm(id: string, cookie: string, body: string, files: Array<{ name: string; bytes: Uint8Array }> = []) {
  const form = new FormData();
  form.append('body', body);
  files.forEach((file, i) => form.append(`attachment_${i}`, new Blob([Buffer.from(file.bytes)]), file.name));
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: `/api/support/tickets/${id}/replies`,
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
    remoteAddress: someClientAddress(),
  });
}

async function ticketOf(id: string, cookie = anaCookie) {
  const response = await call('GET', `/api/support/tickets/${id}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZSupportTicketDetail.parse(response.json());
}

async function adminTicketOf(id: string) {
  const response = await call('GET', `/api/admin/tickets/${id}`, adminCookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZAdminTicketDetail.parse(response.json());
}

/** A message as a mail program writes it, in SMTP's CRLF lines. */
const composed = (mail: Mail.Options) => new MailComposer(mail).compile().build();

describe('/api/support/tickets', () => {
  it("lists the tickets opened from /contact with the person's address, and nobody else sees them", async () => {
    const mine = await contactTicket(ana.email.toUpperCase());
    const signedIn = await call('POST', '/api/contact', anaCookie, {
      name: 'Ana Ruiz',
      email: uniqueEmail('elsewhere'),
      subject: unique('Opened signed in'),
      department: 'support',
      message: 'Sent while signed in, from another address.',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    const someoneElses = await contactTicket(uniqueEmail('stranger'));

    const list = await call('GET', '/api/support/tickets', anaCookie);
    expect(list.statusCode, list.body).toBe(200);
    const { tickets, total } = ZSupportTicketListResponse.parse(list.json());
    expect(tickets.map((ticket) => ticket.id).sort()).toEqual([mine.id, ZContactResponse.parse(signedIn.json()).ticketId].sort());
    expect(total).toBe(2);
    expect(tickets.find((ticket) => ticket.id === mine.id)).toMatchObject({
      reference: ticketReference(mine.id),
      subject: mine.subject,
      status: 'open',
      lastAuthor: 'customer',
    });
    const detail = await ticketOf(mine.id);
    expect(detail.messages).toEqual([expect.objectContaining({ author: 'customer', body: 'Where is my November invoice?', via: 'web' })]);

    // Another customer, and anyone for a ticket that is not theirs: 404, as for no ticket at all.
    expect(ZSupportTicketListResponse.parse((await call('GET', '/api/support/tickets', brunoCookie)).json()).total).toBe(0);
    for (const [method, url, payload] of [
      ['GET', `/api/support/tickets/${mine.id}`, undefined],
      ['PATCH', `/api/support/tickets/${mine.id}`, { status: 'closed' }],
      ['GET', `/api/support/tickets/${someoneElses.id}`, undefined],
      ['GET', '/api/support/tickets/not-a-ticket', undefined],
    ] as const) {
      const refused = await call(method, url, method === 'GET' && url.includes(someoneElses.id) ? anaCookie : brunoCookie, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(refused).code).toBe('errors.ticketNotFound');
    }
    expect((await replyForm(mine.id, brunoCookie, 'Let me in')).statusCode).toBe(404);
    expect((await call('GET', '/api/support/tickets', '')).statusCode).toBe(401);
    // An address not yet proven its owner's shows nothing of the tickets written with it.
    const unproven = await listCustomerTickets(t.db, { id: bruno.id, email: ana.email, emailVerified: false }, 1);
    expect(unproven.total).toBe(0);
  });

  it('takes replies with files that pass the upload checks, shows them to the back office, and closes and reopens', async () => {
    const { id } = await contactTicket(ana.email);
    const pdf = await makePdf(1);
    const sent = await replyForm(id, anaCookie, 'Here is the invoice I mean.', [{ name: 'invoice.pdf', bytes: pdf }]);
    expect(sent.statusCode, sent.body).toBe(201);
    const message = ZTicketMessage.parse(sent.json());
    expect(message).toMatchObject({
      author: 'customer',
      authorName: 'Ana Ruiz',
      via: 'web',
      attachments: [{ name: 'invoice.pdf', type: 'pdf' }],
    });

    // A file whose bytes are not what its name says, and an empty reply, are refused with the portal's messages; nothing is added.
    const mislabelled = await replyForm(id, anaCookie, 'And a scan', [{ name: 'scan.pdf', bytes: makePng(32, 32) }]);
    expect(mislabelled.statusCode).toBe(400);
    expect(errorOf(mislabelled).code).toBe('errors.fileNameMismatch');
    const empty = await replyForm(id, anaCookie, '   ');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe('Please write a reply.');
    expect((await ticketOf(id)).messages).toHaveLength(2);

    // The file comes back as sent, to her and to the back office; not through another ticket.
    const attachment = message.attachments[0]!;
    for (const [url, cookie] of [
      [`/api/support/tickets/${id}/attachments/${attachment.id}`, anaCookie],
      [`/api/admin/tickets/${id}/attachments/${attachment.id}`, adminCookie],
    ] as const) {
      const download = await call('GET', url, cookie);
      expect(download.statusCode, url).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toContain('invoice.pdf');
      expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
    }
    const other = await contactTicket(ana.email);
    expect((await call('GET', `/api/support/tickets/${other.id}/attachments/${attachment.id}`, anaCookie)).statusCode).toBe(404);

    const seen = await adminTicketOf(id);
    expect(seen.messages.at(-1)).toMatchObject({
      id: message.id,
      body: 'Here is the invoice I mean.',
      attachments: [{ name: 'invoice.pdf' }],
    });

    // Closed, reopened, closed again; a reply then reopens it.
    for (const status of ['closed', 'open', 'closed'] as const) {
      const changed = await call('PATCH', `/api/support/tickets/${id}`, anaCookie, { status });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await ticketOf(id)).status).toBe(status);
    }
    expect((await adminTicketOf(id)).status).toBe('closed');
    expect((await replyForm(id, anaCookie, 'Sorry, one more thing.')).statusCode).toBe(201);
    expect((await ticketOf(id)).status).toBe('open');
    const actions = await t.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'support_ticket'), eq(auditEvents.objectId, id)));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'ticket.customer_close',
      'ticket.customer_close',
      'ticket.customer_reopen',
      'ticket.customer_reply',
      'ticket.customer_reply',
    ]);
  });
});

describe('answering by e-mail through the SMTP gateway', () => {
  it("e-mails the team's reply with the ticket's signed Reply-To; the answer lands in the thread once, without the quote", async () => {
    const { id, subject } = await contactTicket(ana.email);
    const replied = await call('POST', `/api/admin/tickets/${id}/replies`, adminCookie, { body: 'Your invoice is under Billing.' });
    expect(replied.statusCode, replied.body).toBe(201);
    const reference = ticketReference(id);
    const mailsOfTicket = async () =>
      (await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, ana.email))).filter((row) => row.subject.includes(reference));
    await expect.poll(async () => (await mailsOfTicket()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await mailsOfTicket();
    expect(mail!.subject).toBe(`Re: ${subject} [#${reference}]`);
    expect(mail!.replyTo).toMatch(new RegExp(`^ticket-${id.replace(/-/g, '')}-[0-9a-f]{20}@${DOMAIN}$`));
    expect(mail!.text).toContain('Reply to this e-mail');
    expect(mail!.text).toContain(`/user/support?ticket=${id}`);
    expect((await ticketOf(id)).lastAuthor).toBe('admin');

    const answer = composed({
      from: `Ana Ruiz <${ana.email}>`,
      to: mail!.replyTo!,
      subject: mail!.subject,
      messageId: `<${randomUUID()}@mail.example>`,
      text: 'Found it, thank you.\n\nOn Sat, Dec 5, 2026, Faxline wrote:\n> Your invoice is under Billing.\n',
      attachments: [{ filename: 'screenshot.png', content: makePng(64, 48) }],
    });
    const smtp = await connectSmtp(gateway.port);
    expect(await smtp.send({ from: ana.email, to: mail!.replyTo! }, [await answer])).toBe(
      `250 2.0.0 Added to support ticket #${ticketReference(id)}`,
    );
    // The same message again (a client that missed our 250) is answered alike, and adds nothing.
    expect(await smtp.send({ from: ana.email, to: mail!.replyTo! }, [await answer])).toMatch(/^250 /);
    await smtp.close();

    const thread = (await ticketOf(id)).messages;
    expect(thread).toHaveLength(3);
    expect(thread[2]).toMatchObject({
      author: 'customer',
      // Opened signed out: the e-mail from its address is named as the contact form named its writer.
      authorName: 'Ana R.',
      body: 'Found it, thank you.',
      via: 'email',
      attachments: [{ name: 'screenshot.png', type: 'png' }],
    });
    // The back office's view shows it at its next read: the ticket's last update is the answer's.
    const seen = await adminTicketOf(id);
    expect(seen.messages.at(-1)).toMatchObject({ body: 'Found it, thank you.', via: 'email' });
    expect(seen.updatedAt).toBe(thread[2]!.createdAt);
  });

  it('refuses forged and unknown reply addresses, other senders, automatic answers, and a ticket named only in a subject', async () => {
    const { id } = await contactTicket(ana.email);
    const address = (await ticketReplyAddress(t.config, id))!;
    const [local] = address.split('@') as [string];
    const forged = `${local.slice(0, -1)}${local.endsWith('0') ? '1' : '0'}@${DOMAIN}`;
    const unknownTicket = (await ticketReplyAddress(t.config, randomUUID()))!;
    const message = (to: string, extra: Mail.Options = {}) =>
      composed({ from: ana.email, to, subject: `Re: [#${ticketReference(id)}]`, text: 'Is this added?', ...extra });

    const smtp = await connectSmtp(gateway.port);
    expect(await smtp.send({ from: ana.email, to: forged }, [await message(forged)])).toMatch(/^550 5\.1\.1 .*not the reply address/);
    await smtp.say('RSET');
    expect(await smtp.send({ from: ana.email, to: unknownTicket }, [await message(unknownTicket)])).toMatch(/^550 5\.7\.1 /);
    await smtp.say('RSET');
    expect(await smtp.send({ from: bruno.email, to: address }, [await message(address)])).toMatch(/^550 5\.7\.1 .*may not reply/);
    await smtp.say('RSET');
    // The subject names the ticket, the address does not: not a ticket's reply (nor a fax number).
    const support = `support@${DOMAIN}`;
    expect(await smtp.send({ from: ana.email, to: support }, [await message(support)])).toMatch(/^550 5\.1\.1 /);
    await smtp.say('RSET');
    const automatic = await smtp.send({ from: ana.email, to: address }, [
      await message(address, { headers: { 'Auto-Submitted': 'auto-replied' } }),
    ]);
    expect(automatic).toMatch(/^550 5\.7\.1 Automatic messages/);
    // A ticket's address goes alone: a fax number beside it waits for a message of its own.
    await smtp.say('RSET');
    expect(await smtp.say(`MAIL FROM:<${ana.email}>`)).toMatch(/^250/);
    expect(await smtp.say(`RCPT TO:<${address}>`)).toMatch(/^250/);
    expect(await smtp.say(`RCPT TO:<14155550123@${DOMAIN}>`)).toMatch(/^452 4\.5\.3 /);
    await smtp.close();

    expect((await ticketOf(id)).messages).toHaveLength(1);
  });
});
