import { MAX_EMAIL_FAX_SENDERS, MESSAGES, ZEmailToFaxSettings } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { auditEvents } from '../../src/audit/schema';
import { callApi, errorOf, openTestApp, signIn, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  // No worker: these tests are about the settings, nothing is queued.
  t = await openTestApp({ work: false });
});
afterAll(() => t?.close());

const URL = '/api/account/email-to-fax';
const get = (cookie: string) => callApi(t.app, 'GET', URL, { cookie });
const put = (cookie: string, payload: object, language?: string) => callApi(t.app, 'PUT', URL, { cookie, payload, language });
const senders = (count: number) => Array.from({ length: count }, (_, i) => `sender${i}@example.com`);

describe('the e-mail to fax settings (issue 19)', () => {
  it("start at the service's defaults: the fax domain, no other senders, report outside production, the body on the cover", async () => {
    const account = await createAccount(t);
    const response = await get(await signIn(t.app, account.owner.email));
    expect(response.statusCode, response.body).toBe(200);
    expect(ZEmailToFaxSettings.parse(response.json())).toEqual({
      domain: 'fax.localhost',
      senders: [],
      authPolicy: 'report',
      includeBody: true,
    });
  });

  it('are saved by the owner and a sub-admin, addresses lower-case and each once (waiting for their owners), with an audit row', async () => {
    const account = await createAccount(t, { members: [{ role: 'admin' }] });
    const ownerCookie = await signIn(t.app, account.owner.email);
    const saved = await put(ownerCookie, {
      allowedSenders: ['Scanner@Example.com', 'desk@example.com', 'SCANNER@example.com'],
      authPolicy: 'enforce',
      includeBody: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const waiting = { status: 'pending', expiresAt: expect.any(String), confirmedAt: null };
    const wanted = {
      domain: 'fax.localhost',
      senders: [
        { address: 'scanner@example.com', ...waiting },
        { address: 'desk@example.com', ...waiting },
      ],
      authPolicy: 'enforce',
      includeBody: false,
    };
    expect(ZEmailToFaxSettings.parse(saved.json())).toEqual(wanted);
    expect((await get(ownerCookie)).json()).toEqual(wanted);

    const adminCookie = await signIn(t.app, account.members[0]!.email);
    expect((await get(adminCookie)).json()).toEqual(wanted);
    const changed = await put(adminCookie, { allowedSenders: [], authPolicy: 'off', includeBody: true });
    expect(changed.json()).toEqual({ domain: 'fax.localhost', senders: [], authPolicy: 'off', includeBody: true });

    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'account.email_to_fax')));
    expect(trail.map((row) => [row.actorUserId, row.objectId, row.outcome, row.details])).toEqual(
      expect.arrayContaining([
        [
          account.owner.id,
          account.id,
          'success',
          {
            allowedSenders: ['scanner@example.com', 'desk@example.com'],
            added: ['scanner@example.com', 'desk@example.com'],
            removed: [],
            authPolicy: 'enforce',
            includeBody: false,
          },
        ],
        [
          account.members[0]!.id,
          account.id,
          'success',
          { allowedSenders: [], added: [], removed: ['scanner@example.com', 'desk@example.com'], authPolicy: 'off', includeBody: true },
        ],
      ]),
    );
    expect(trail).toHaveLength(2);
  });

  it("keep each account's settings to itself", async () => {
    const mine = await createAccount(t);
    const theirs = await createAccount(t);
    await put(await signIn(t.app, theirs.owner.email), { allowedSenders: ['theirs@example.com'], authPolicy: 'off', includeBody: false });
    const response = await get(await signIn(t.app, mine.owner.email));
    expect(response.json()).toMatchObject({ senders: [], authPolicy: 'report', includeBody: true });
  });

  it(`refuse more than ${MAX_EMAIL_FAX_SENDERS} addresses, or one that is not an address, with a translated message`, async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    const request = { allowedSenders: senders(MAX_EMAIL_FAX_SENDERS + 1), authPolicy: 'enforce', includeBody: true };
    const tooMany = await put(cookie, request);
    expect(tooMany.statusCode).toBe(400);
    const english = MESSAGES.en.errors.tooManyEmailFaxSenders.replace('{{emailFaxSendersMax}}', String(MAX_EMAIL_FAX_SENDERS));
    expect(english).toBe('At most 50 addresses may send faxes by e-mail for the account.');
    expect(errorOf(tooMany).issues?.[0]).toEqual({ path: 'body.allowedSenders', message: english });
    const spanish = MESSAGES.es.errors.tooManyEmailFaxSenders.replace('{{emailFaxSendersMax}}', String(MAX_EMAIL_FAX_SENDERS));
    expect(errorOf(await put(cookie, request, 'es')).issues?.[0]?.message).toBe(spanish);

    const notAnAddress = await put(cookie, {
      allowedSenders: ['desk@example.com', 'not an address'],
      authPolicy: 'off',
      includeBody: true,
    });
    expect(notAnAddress.statusCode).toBe(400);
    expect(errorOf(notAnAddress).issues?.[0]?.path).toBe('body.allowedSenders.1');
    expect((await put(cookie, { allowedSenders: [], authPolicy: 'strict', includeBody: true })).statusCode).toBe(400);

    // Exactly the limit is fine, and nothing refused was stored.
    expect((await get(cookie)).json()).toMatchObject({ senders: [], authPolicy: 'report' });
    expect((await put(cookie, { ...request, allowedSenders: senders(MAX_EMAIL_FAX_SENDERS) })).statusCode).toBe(200);
  });

  it('refuse a User and a Billing contact with 403, and anyone signed out with 401', async () => {
    const account = await createAccount(t, { members: [{ role: 'user' }, { role: 'billing' }] });
    for (const person of account.members) {
      const cookie = await signIn(t.app, person.email);
      const read = await get(cookie);
      expect(read.statusCode).toBe(403);
      expect(errorOf(read).type).toBe('permission_denied');
      expect((await put(cookie, { allowedSenders: ['me@example.com'], authPolicy: 'off', includeBody: true })).statusCode).toBe(403);
    }
    expect((await callApi(t.app, 'GET', URL)).statusCode).toBe(401);
    const owner = await signIn(t.app, account.owner.email);
    expect((await get(owner)).json()).toMatchObject({ senders: [], authPolicy: 'report' });
    const refusals = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'account.email_to_fax')));
    expect(refusals).toEqual([]);
  });
});
