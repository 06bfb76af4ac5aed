import {
  DEFAULT_SYSTEM_SETTINGS,
  SANDBOX_TEST_NUMBERS,
  ZAdminNotificationsResponse,
  ZContactResponse,
  ZMarkNotificationsReadResponse,
  ZNotificationsResponse,
  ZSendFaxResponse,
  type TAdminNotification,
} from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { createFax } from '@test-support/factories/faxes';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { faxEvents } from '../../src/events/schema';
import { sendFaxRequest } from '../support/faxes';
import { adminSession, callApi, errorOf, latestEmailTo, openTestApp, signIn, someClientAddress, type TestApp } from '../support/test-app';

let t: TestApp;
let pdf: Uint8Array;
beforeAll(async () => {
  t = await openTestApp({ work: true, env: { FAX_CLOCK_SCALE: '0.001' } });
  pdf = await makePdf(3);
}, 120_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  callApi(t.app, method, url, { cookie, payload, remoteAddress: someClientAddress() });
const notificationsOf = async (cookie: string) => {
  const response = await call('GET', '/api/notifications', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZNotificationsResponse.parse(response.json());
};
const adminNotificationsOf = async (cookie: string) => {
  const response = await call('GET', '/api/admin/notifications', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZAdminNotificationsResponse.parse(response.json());
};

describe('the user area’s notifications (issue 18, item 4)', () => {
  it('a received fax appears in the receiver’s notifications, unread until marked read', async () => {
    const sender = await createAccount(t, { owner: { name: 'Nora Sender' } });
    const receiver = await createAccount(t, { owner: { name: 'Rex Receiver' } });
    const senderCookie = await signIn(t.app, sender.owner.email);
    const receiverCookie = await signIn(t.app, receiver.owner.email);
    expect(await notificationsOf(receiverCookie)).toEqual({ notifications: [], unread: 0 });

    const sent = await sendFaxRequest(t.app, senderCookie, { recipientNumber: receiver.number!, faxQuality: 'fine' }, [
      { name: 'three.pdf', bytes: pdf },
    ]);
    expect(sent.statusCode, sent.body).toBe(202);
    const faxId = ZSendFaxResponse.parse(sent.json()).faxId;

    await expect.poll(async () => (await notificationsOf(receiverCookie)).unread, { timeout: 60_000, interval: 250 }).toBe(1);
    const { notifications } = await notificationsOf(receiverCookie);
    expect(notifications).toEqual([
      expect.objectContaining({ type: 'fax.received', read: false, number: sender.number, pages: 3, failureReason: null }),
    ]);
    // The sender hears that it was delivered, to the receiver's number.
    await expect
      .poll(async () => (await notificationsOf(senderCookie)).notifications.map((n) => [n.type, 'faxId' in n ? n.faxId : null, n.number]), {
        timeout: 30_000,
      })
      .toEqual([['fax.delivered', faxId, receiver.number]]);

    const marked = await call('POST', '/api/notifications/read', receiverCookie, { ids: [notifications[0]!.id] });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(ZMarkNotificationsReadResponse.parse(marked.json())).toEqual({ unread: 0 });
    expect(await notificationsOf(receiverCookie)).toMatchObject({ unread: 0, notifications: [{ read: true }] });
    // Read for this person only: the sender's own notification is untouched.
    expect((await notificationsOf(senderCookie)).unread).toBe(1);
  }, 90_000);

  it('a received fax opened in the history is no longer unread', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    const fax = await createFax(t, { accountId: account.id, status: 'received', toNumber: account.number! });
    expect((await notificationsOf(cookie)).unread).toBe(1);
    expect((await call('GET', `/api/faxes/${fax.id}`, cookie)).statusCode).toBe(200);
    expect(await notificationsOf(cookie)).toMatchObject({ unread: 0, notifications: [{ faxId: fax.id, read: true }] });
  });

  it('counts what is unread of the last 30 days: an older event is listed, read', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    const old = await createFax(t, { accountId: account.id, status: 'received', toNumber: account.number! });
    await t.db
      .update(faxEvents)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(faxEvents.faxId, old.id));
    const fresh = await createFax(t, { accountId: account.id, status: 'received', toNumber: account.number! });
    expect(await notificationsOf(cookie)).toMatchObject({
      unread: 1,
      notifications: [
        { faxId: fresh.id, read: false },
        { faxId: old.id, read: true },
      ],
    });
  });

  it('each role hears of the faxes it may see: a User not of another member’s, Billing of none', async () => {
    const account = await createAccount(t, { members: [{ role: 'user' }, { role: 'user' }, { role: 'billing' }, { role: 'admin' }] });
    const [user, otherUser, billing, subAdmin] = account.members;
    const cookies = {
      owner: await signIn(t.app, account.owner.email),
      user: await signIn(t.app, user!.email),
      billing: await signIn(t.app, billing!.email),
      subAdmin: await signIn(t.app, subAdmin!.email),
    };
    const ownFax = await createFax(t, { accountId: account.id, userId: user!.id, status: 'delivered' });
    const othersFax = await createFax(t, {
      accountId: account.id,
      userId: otherUser!.id,
      status: 'failed',
      toNumber: SANDBOX_TEST_NUMBERS.busy,
    });
    const arrived = await createFax(t, { accountId: account.id, status: 'received', toNumber: account.number! });
    // A fax still on its way is no notification.
    await createFax(t, { accountId: account.id, userId: user!.id, status: 'sending' });

    const faxIdsOf = async (cookie: string) =>
      (await notificationsOf(cookie)).notifications.map((n) => ('faxId' in n ? n.faxId : '')).sort();
    expect(await faxIdsOf(cookies.user)).toEqual([ownFax.id, arrived.id].sort());
    expect(await faxIdsOf(cookies.owner)).toEqual([ownFax.id, othersFax.id, arrived.id].sort());
    expect(await faxIdsOf(cookies.subAdmin)).toEqual([ownFax.id, othersFax.id, arrived.id].sort());
    expect(await notificationsOf(cookies.billing)).toEqual({ notifications: [], unread: 0 });
    const failed = (await notificationsOf(cookies.owner)).notifications.find((n) => 'faxId' in n && n.faxId === othersFax.id);
    expect(failed).toMatchObject({ type: 'fax.failed', failureReason: 'busy', number: SANDBOX_TEST_NUMBERS.busy });

    // Marking another member's event by id marks nothing; "all" marks what this person sees.
    const byId = await call('POST', '/api/notifications/read', cookies.user, { ids: [failed!.id] });
    expect(ZMarkNotificationsReadResponse.parse(byId.json())).toEqual({ unread: 2 });
    const all = await call('POST', '/api/notifications/read', cookies.user, { all: true });
    expect(ZMarkNotificationsReadResponse.parse(all.json())).toEqual({ unread: 0 });
    expect((await notificationsOf(cookies.owner)).unread).toBe(3);
  });

  it('refuses bad bodies with 400, and the signed out with 401', async () => {
    const { owner } = await createAccount(t);
    const cookie = await signIn(t.app, owner.email);
    for (const body of [{}, { ids: [] }, { ids: ['not-an-id'] }, { all: false }, { ids: Array(101).fill(crypto.randomUUID()) }]) {
      const response = await call('POST', '/api/notifications/read', cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).type).toBe('invalid_request');
    }
    expect((await call('GET', '/api/notifications', '')).statusCode).toBe(401);
    expect((await call('POST', '/api/notifications/read', '', { all: true })).statusCode).toBe(401);
  });
});

describe('the back office’s notifications (issue 18, item 6)', () => {
  const signUp = (name: string, email: string) =>
    callApi(t.app, 'POST', '/api/auth/sign-up', { payload: { name, email, password: PASSWORD }, remoteAddress: someClientAddress() });
  const find = <T extends TAdminNotification['type']>(
    list: TAdminNotification[],
    type: T,
    test: (n: Extract<TAdminNotification, { type: T }>) => boolean,
  ) =>
    list.find((n): n is Extract<TAdminNotification, { type: T }> => n.type === type && test(n as Extract<TAdminNotification, { type: T }>));

  it('lists a new sign-up and a new support ticket, unread per operator', async () => {
    const { cookie } = await adminSession(t);
    const { cookie: otherAdmin } = await adminSession(t);
    const email = uniqueEmail('signup');
    expect((await signUp('Sally Signup', email)).statusCode).toBe(200);
    const contact = await callApi(t.app, 'POST', '/api/contact', {
      payload: { name: 'Tom Ticket', email: 'Tom@Example.com', subject: 'Fax will not arrive', department: 'support', message: 'Help' },
      remoteAddress: someClientAddress(),
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const { ticketId } = ZContactResponse.parse(contact.json());

    const { notifications, unread } = await adminNotificationsOf(cookie);
    const signedUp = find(notifications, 'account.created', (n) => n.account?.ownerEmail === email);
    expect(signedUp).toMatchObject({ read: false, account: { name: 'Sally Signup', ownerEmail: email } });
    const ticket = find(notifications, 'ticket.created', (n) => n.ticketId === ticketId);
    expect(ticket).toMatchObject({ read: false, subject: 'Fax will not arrive', from: 'tom@example.com' });
    expect(unread).toBeGreaterThanOrEqual(2);

    const marked = await call('POST', '/api/admin/notifications/read', cookie, { ids: [signedUp!.id, ticket!.id] });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(ZMarkNotificationsReadResponse.parse(marked.json()).unread).toBe(unread - 2);
    const after = await adminNotificationsOf(cookie);
    expect(find(after.notifications, 'ticket.created', (n) => n.ticketId === ticketId)?.read).toBe(true);
    // Another operator has read nothing yet.
    expect(find((await adminNotificationsOf(otherAdmin)).notifications, 'ticket.created', (n) => n.ticketId === ticketId)?.read).toBe(
      false,
    );
    const all = await call('POST', '/api/admin/notifications/read', cookie, { all: true });
    expect(ZMarkNotificationsReadResponse.parse(all.json()).unread).toBe(0);
    expect((await call('POST', '/api/admin/notifications/read', cookie, { ids: 'all' })).statusCode).toBe(400);
  });

  it('is refused to people who are not platform admins', async () => {
    const { owner } = await createAccount(t);
    const cookie = await signIn(t.app, owner.email);
    expect((await call('GET', '/api/admin/notifications', cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/notifications/read', cookie, { all: true })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/notifications', '')).statusCode).toBe(401);
  });

  it('e-mails a sign-up to the notification address when "New user sign-ups" is on, and not when it is off', async () => {
    const { cookie } = await adminSession(t);
    const address = uniqueEmail('operators');
    const save = (values: object) =>
      call('PUT', '/api/admin/settings', cookie, {
        values: { ...DEFAULT_SYSTEM_SETTINGS, adminEmailForNotifications: address, ...values },
      });
    expect((await save({ notifyOnNewUser: false })).statusCode).toBe(200);
    const quiet = uniqueEmail('quiet');
    expect((await signUp('Quiet Quentin', quiet)).statusCode).toBe(200);

    expect((await save({ notifyOnNewUser: true })).statusCode).toBe(200);
    const email = uniqueEmail('heard');
    expect((await signUp('Heard Hannah', email)).statusCode).toBe(200);
    const message = await latestEmailTo(t.app, address, /Hannah/);
    expect(message.subject).toBe('New Faxline sign-up: Heard Hannah');
    expect(message.text).toContain(email);
    expect(message.text).toContain(`/admin/users?search=${encodeURIComponent(email)}`);
    // The quiet sign-up sent nothing: the only message to the address is Hannah's.
    const box = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(address)}` });
    expect((box.json() as { messages: unknown[] }).messages).toHaveLength(1);
    expect((await save({})).statusCode).toBe(200);
  });
});
