import { ZContact, ZContactList } from '@faxline/shared';
import { ZV1Error } from '@faxline/shared/api-v1';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { contacts } from '../../src/contacts/schema';
import { createAccount } from '@test-support/factories/accounts';
import { API_PLAN, callV1, createApiKey, ownerWithApiKey } from '../support/api-keys';
import { callApi, openTestApp, signIn, type TestApp } from '../support/test-app';

// The address book through the public API, the same book the portal's Contacts page keeps.
let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ work: false });
}, 180_000);
afterAll(() => t.close());

const errorOf = (response: { json: () => unknown }) => ZV1Error.parse(response.json()).error;

describe('/v1/contacts', () => {
  it('creates, finds, changes and deletes a contact; the portal sees the same book; each change audited with the key', async () => {
    const { secret, apiKey, cookie } = await ownerWithApiKey(t);
    const created = await callV1(t, secret, 'POST', '/v1/contacts', {
      payload: { name: 'Dr. Ana Ruiz', fax_number: '+1 (555) 010-0123', company: 'Valley Cardiology', tags: ['cardiology', 'referrals'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const contact = ZContact.parse(created.json());
    expect(contact).toMatchObject({ name: 'Dr. Ana Ruiz', fax_number: '+15550100123', company: 'Valley Cardiology', email: null });

    const found = ZContactList.parse((await callV1(t, secret, 'GET', '/v1/contacts?search=valley')).json());
    expect(found.data.map((c) => c.id)).toEqual([contact.id]);
    const tagged = ZContactList.parse((await callV1(t, secret, 'GET', '/v1/contacts?tag=referrals')).json());
    expect(tagged.data).toHaveLength(1);

    const changed = await callV1(t, secret, 'PATCH', `/v1/contacts/${contact.id}`, { payload: { email: 'fax@valley.example' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(ZContact.parse(changed.json())).toMatchObject({ name: 'Dr. Ana Ruiz', email: 'fax@valley.example' });

    const portal = await t.app.inject({ method: 'GET', url: `/api/contacts/${contact.id}`, headers: { cookie } });
    expect(ZContact.parse(portal.json()).email).toBe('fax@valley.example');

    const deleted = await callV1(t, secret, 'DELETE', `/v1/contacts/${contact.id}`);
    expect(deleted.json()).toEqual({ id: contact.id, deleted: true });
    expect((await callV1(t, secret, 'GET', `/v1/contacts/${contact.id}`)).statusCode).toBe(404);

    const audited = await t.db.select().from(auditEvents).where(eq(auditEvents.objectId, contact.id));
    expect(audited.map((row) => row.action).sort()).toEqual(['contact.create', 'contact.delete', 'contact.update']);
    for (const row of audited) expect(row.details).toMatchObject({ viaApiKey: { id: apiKey.id } });
  });

  it('refuses bad input naming the field, a key without the scope, and another account’s contact (404)', async () => {
    const { secret, account } = await ownerWithApiKey(t);
    const bad = await callV1(t, secret, 'POST', '/v1/contacts', { payload: { name: 'No number', fax_number: '12' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ type: 'invalid_request_error', param: 'fax_number' });
    expect(await t.db.select().from(contacts).where(eq(contacts.accountId, account.id))).toEqual([]);

    const reader = await ownerWithApiKey(t, ['contacts:read']);
    const refused = await callV1(t, reader.secret, 'POST', '/v1/contacts', { payload: { name: 'A', fax_number: '+15550100123' } });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).type).toBe('permission_error');
    const faxOnly = await ownerWithApiKey(t, ['faxes:read']);
    expect((await callV1(t, faxOnly.secret, 'GET', '/v1/contacts')).statusCode).toBe(403);

    const mine = ZContact.parse(
      (await callV1(t, secret, 'POST', '/v1/contacts', { payload: { name: 'Mine', fax_number: '+15550100124' } })).json(),
    );
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'Theirs' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await callV1(t, reader.secret, method, `/v1/contacts/${mine.id}`, payload ? { payload } : {});
      expect(response.statusCode, method).toBe(method === 'GET' ? 404 : 403);
    }
    const writer = await ownerWithApiKey(t, ['contacts:read', 'contacts:write']);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await callV1(
        t,
        writer.secret,
        method,
        `/v1/contacts/${mine.id}`,
        method === 'PATCH' ? { payload: { name: 'Theirs' } } : {},
      );
      expect(response.statusCode, method).toBe(404);
    }
    expect(ZContact.parse((await callV1(t, secret, 'GET', `/v1/contacts/${mine.id}`)).json()).name).toBe('Mine');
  });

  it("acts with no more than its creator's current role allows: a creator made Billing reads no contacts, a removed one none at all", async () => {
    const account = await createAccount(t, { members: [{ role: 'admin' }], plan: API_PLAN });
    const [creator] = account.members;
    const ownerCookie = await signIn(t.app, account.owner.email);
    const { secret } = await createApiKey(t, await signIn(t.app, creator!.email));
    const roleOfCreator = async (role: 'User' | 'Billing') => {
      const changed = await callApi(t.app, 'PATCH', `/api/account/members/${creator!.id}`, { cookie: ownerCookie, payload: { role } });
      expect(changed.statusCode, changed.body).toBe(200);
    };
    const statusOf = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await callV1(t, secret, method, url, payload ? { payload } : {})).statusCode;
    const newContact = { name: 'Dr. Ana Ruiz', fax_number: '+15550100125' };
    expect(await statusOf('GET', '/v1/contacts')).toBe(200);
    expect(await statusOf('GET', '/v1/webhooks')).toBe(200);

    await roleOfCreator('Billing');
    const refused = await callV1(t, secret, 'GET', '/v1/contacts');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused)).toMatchObject({ type: 'permission_error', code: 'errors.apiKeyCreatorRoleForbids' });
    expect(await statusOf('POST', '/v1/contacts', newContact)).toBe(403);
    expect(await statusOf('GET', '/v1/faxes')).toBe(403);
    expect(await statusOf('GET', '/v1/webhooks')).toBe(403);
    expect(await t.db.select().from(contacts).where(eq(contacts.accountId, account.id))).toEqual([]);

    // A User has the address book and faxes again, but not the webhooks, which only the owner and sub-admins manage.
    await roleOfCreator('User');
    expect(await statusOf('GET', '/v1/contacts')).toBe(200);
    expect(await statusOf('GET', '/v1/faxes')).toBe(200);
    expect(await statusOf('GET', '/v1/webhooks')).toBe(403);

    expect((await callApi(t.app, 'DELETE', `/api/account/members/${creator!.id}`, { cookie: ownerCookie })).statusCode).toBe(200);
    expect(await statusOf('GET', '/v1/contacts')).toBe(401);
  });
});
