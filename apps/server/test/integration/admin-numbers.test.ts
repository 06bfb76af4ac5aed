import {
  ZAddNumbersResponse,
  ZAdminNumber,
  ZAdminNumbersResponse,
  ZFaxNumbersResponse,
  ZNumberSearchResponse,
  ZUserSearchResponse,
  type TAdminNumber,
} from '@faxline/shared';
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { faxNumbers } from '../../src/numbers/schema';
import { createUser } from '@test-support/factories/accounts';
import { unique, uniqueEmail } from '@test-support/factories/values';
import { callApi, errorOf, openAdminTestApp, signIn, someClientAddress, type AdminTestApp } from '../support/test-app';

let t: AdminTestApp;
beforeAll(async () => {
  t = await openAdminTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, options: { language?: string; as?: string } = {}) =>
  callApi(t.app, method, url, {
    cookie: options.as ?? t.cookie,
    payload,
    language: options.language ?? 'en',
    remoteAddress: someClientAddress(),
  });

/** A Paris number nobody else in this file uses; `block` numbers end in 000 so that a range of them stays in one block. */
const parisNumber = (block = false) =>
  `+331${String(randomInt(1000, 9999))}${block ? '0000' : String(randomInt(0, 9999)).padStart(4, '0')}`;

async function add(payload: object): Promise<TAdminNumber[]> {
  const response = await call('POST', '/api/admin/numbers', payload);
  expect(response.statusCode, response.body).toBe(201);
  return ZAddNumbersResponse.parse(response.json()).numbers;
}

async function list(status: 'available' | 'assigned', page = 1) {
  const response = await call('GET', `/api/admin/numbers?status=${status}&page=${page}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZAdminNumbersResponse.parse(response.json());
}

async function auditOf(action: string, objectId: string) {
  return t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.objectId, objectId)));
}

describe('POST /api/admin/numbers', () => {
  it('adds one number as typed, in E.164, with the country it belongs to; newest first in Available', async () => {
    const number = parisNumber();
    const typed = `${number.slice(0, 3)} ${number.slice(3, 4)} ${number.slice(4, 8)}-${number.slice(8)}`;
    const [added] = await add({ from: typed });
    expect(added).toMatchObject({ phoneNumber: number, countryCode: 'FR', numberType: 'local', provider: 'faxline', status: 'available' });
    expect(added!.owner).toBeNull();

    const available = await list('available');
    expect(available.numbers[0]!.phoneNumber).toBe(number);
    expect(available.pageSize).toBe(50);
    expect(available.total).toBeGreaterThanOrEqual(100);
    const [event] = await auditOf('number.add', added!.id);
    expect(event).toMatchObject({ actorUserId: t.admin.id, objectType: 'fax_number', outcome: 'success' });
  });

  it('adds a range from-to with the type, provider and country given', async () => {
    const from = parisNumber(true);
    const to = `${from.slice(0, -2)}24`;
    const numbers = await add({ from, to, numberType: 'toll_free', provider: 'telnyx', countryCode: 'fr' });
    expect(numbers).toHaveLength(25);
    expect(numbers[0]!.phoneNumber).toBe(from);
    expect(numbers.at(-1)!.phoneNumber).toBe(to);
    expect(new Set(numbers.map((n) => `${n.numberType} ${n.provider} ${n.countryCode}`))).toEqual(new Set(['toll_free telnyx FR']));
  });

  it('refuses duplicates, naming them, and then adds nothing of the range', async () => {
    const from = parisNumber(true);
    const [taken] = await add({ from: `${from.slice(0, -1)}3` });
    const response = await call('POST', '/api/admin/numbers', { from, to: `${from.slice(0, -1)}9` }, { language: 'es' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(`Ya están en el inventario: ${taken!.phoneNumber}. No se ha añadido nada.`);
    expect(await t.db.select().from(faxNumbers).where(eq(faxNumbers.phoneNumber, from))).toEqual([]);
  });

  it('names ten duplicates and counts the others', async () => {
    const from = parisNumber(true);
    const to = `${from.slice(0, -2)}11`;
    await add({ from, to });
    const response = await call('POST', '/api/admin/numbers', { from, to });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toMatch(/^Already in the inventory: (\+\d+, ){9}\+\d+ and 2 more\. Nothing was added\.$/);
  });

  it('checks E.164 and the range, with translated messages', async () => {
    const from = parisNumber(true);
    const cases: Array<[object, number, string]> = [
      [{ from: '0140000000' }, 400, 'Please enter a valid fax number in E.164 format (e.g., +15551234567).'],
      [{ from: '+0140000000' }, 400, 'Please enter a valid fax number in E.164 format (e.g., +15551234567).'],
      [{ from: '+1234567890123456' }, 400, 'Please enter a valid fax number in E.164 format (e.g., +15551234567).'],
      [{}, 400, 'Please enter a valid fax number in E.164 format (e.g., +15551234567).'],
      [{ from, to: 'not a number' }, 400, 'Please enter a valid fax number in E.164 format (e.g., +15551234567).'],
      [{ from, to: `${from}1` }, 400, 'The end of the range must have as many digits as its start and must not come before it.'],
      [
        { from: `${from.slice(0, -1)}5`, to: from },
        400,
        'The end of the range must have as many digits as its start and must not come before it.',
      ],
      [{ from, to: `${from.slice(0, -4)}1000` }, 400, 'A range can hold at most 1000 numbers; this one holds 1001.'],
      [{ from, numberType: 'satellite' }, 400, 'The number type must be local, toll_free, national or mobile.'],
      [{ from, provider: '<script>' }, 400, 'The provider is a name of up to 40 letters'],
      [{ from, countryCode: 'FRA' }, 400, 'The country is a two-letter ISO code, such as US or FR.'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call('POST', '/api/admin/numbers', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(errorOf(response).message).toContain(message);
    }
    const french = await call('POST', '/api/admin/numbers', { from: '12345' }, { language: 'fr' });
    expect(errorOf(french).message).toContain('Veuillez saisir un numéro de fax valide au format E.164');
    expect(await t.db.select().from(faxNumbers).where(eq(faxNumbers.phoneNumber, from))).toEqual([]);
  });

  it('adds a range of exactly 1000', async () => {
    const from = `+1212555${randomInt(1, 9)}000`;
    expect(await add({ from, to: `${from.slice(0, -3)}999` })).toHaveLength(1000);
  });
});

describe('PATCH /api/admin/numbers/:id', () => {
  it('changes type, provider and country, audited', async () => {
    const [number] = await add({ from: parisNumber() });
    const response = await call('PATCH', `/api/admin/numbers/${number!.id}`, {
      numberType: 'mobile',
      provider: 'signalwire',
      countryCode: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ZAdminNumber.parse(response.json())).toMatchObject({ numberType: 'mobile', provider: 'signalwire', countryCode: null });
    const [event] = await auditOf('number.edit', number!.id);
    expect(event!.details).toMatchObject({
      changes: { numberType: { from: 'local', to: 'mobile' }, countryCode: { from: 'FR', to: null } },
    });
  });

  it('answers 404 for a number that does not exist, whatever its id looks like, and 400 for a bad type', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await call('PATCH', `/api/admin/numbers/${id}`, { provider: 'telnyx' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe('This fax number does not exist.');
    }
    const [number] = await add({ from: parisNumber() });
    expect((await call('PATCH', `/api/admin/numbers/${number!.id}`, { numberType: 'fax' })).statusCode).toBe(400);
  });
});

describe('assign and release', () => {
  it('assigns a number to the person’s account: they see it, Assigned lists it with their e-mail; release undoes it', async () => {
    const customer = await createUser(t, { email: uniqueEmail('customer') });
    const customerCookie = await signIn(t.app, customer.email);
    const [number] = await add({ from: parisNumber() });

    const assigned = await call('POST', `/api/admin/numbers/${number!.id}/assign`, { userId: customer.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const after = ZAdminNumber.parse(assigned.json());
    expect(after).toMatchObject({ status: 'assigned', owner: { userId: customer.id, email: customer.email, name: customer.name } });
    expect(Date.now() - new Date(after.assignedAt!).getTime()).toBeLessThan(60_000);

    const mine = ZFaxNumbersResponse.parse((await call('GET', '/api/numbers', undefined, { as: customerCookie })).json());
    expect(mine.numbers.map((n) => n.phoneNumber)).toContain(number!.phoneNumber);
    const assignedList = await list('assigned');
    expect(assignedList.numbers[0]).toMatchObject({ id: number!.id, owner: { email: customer.email } });
    expect((await list('available')).numbers.map((n) => n.id)).not.toContain(number!.id);

    const again = await call('POST', `/api/admin/numbers/${number!.id}/assign`, { userId: customer.id });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This number is already assigned. Release it first.');

    const released = await call('POST', `/api/admin/numbers/${number!.id}/release`);
    expect(released.statusCode).toBe(200);
    expect(ZAdminNumber.parse(released.json())).toMatchObject({ status: 'available', accountId: null, assignedAt: null, owner: null });
    const afterRelease = ZFaxNumbersResponse.parse((await call('GET', '/api/numbers', undefined, { as: customerCookie })).json());
    expect(afterRelease.numbers.map((n) => n.phoneNumber)).not.toContain(number!.phoneNumber);
    expect((await list('available')).numbers[0]!.id).toBe(number!.id);

    const twice = await call('POST', `/api/admin/numbers/${number!.id}/release`);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe('This number is not assigned.');

    const [assignEvent] = await auditOf('number.assign', number!.id);
    expect(assignEvent).toMatchObject({ actorUserId: t.admin.id, accountId: after.accountId, details: { userId: customer.id } });
    const [releaseEvent] = await auditOf('number.release', number!.id);
    expect(releaseEvent).toMatchObject({ actorUserId: t.admin.id, accountId: after.accountId });
  });

  it('asks for a user ("Please select a user.") and refuses one that does not exist', async () => {
    const [number] = await add({ from: parisNumber() });
    for (const payload of [{}, { userId: '' }, { userId: '   ' }]) {
      const response = await call('POST', `/api/admin/numbers/${number!.id}/assign`, payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toContain('Please select a user.');
    }
    const spanish = await call('POST', `/api/admin/numbers/${number!.id}/assign`, {}, { language: 'es' });
    expect(errorOf(spanish).message).toContain('Seleccione un usuario.');
    const nobody = await call('POST', `/api/admin/numbers/${number!.id}/assign`, { userId: 'no-such-user' });
    expect(nobody.statusCode).toBe(404);
    expect(errorOf(nobody).message).toBe('This user does not exist.');
    const noNumber = await call('POST', `/api/admin/numbers/${randomUUID()}/assign`, { userId: t.admin.id });
    expect(noNumber.statusCode).toBe(404);
  });

  it('lists an assigned number whose owner cannot be read with no owner, so the page shows an ID fragment', async () => {
    const accountId = randomUUID();
    await t.db.insert(accounts).values({ id: accountId, name: 'Ownerless', slug: `account-${accountId}` });
    const [number] = await add({ from: parisNumber() });
    await t.db.update(faxNumbers).set({ status: 'assigned', accountId, assignedAt: new Date() }).where(eq(faxNumbers.id, number!.id));
    const [row] = (await list('assigned')).numbers;
    expect(row).toMatchObject({ id: number!.id, accountId, owner: null });
  });
});

describe('GET /api/admin/numbers/search', () => {
  it('asks for criteria when the search is empty', async () => {
    for (const query of ['', '?q=', '?q=%20%20']) {
      const response = await call('GET', `/api/admin/numbers/search${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toContain('Please enter criteria to search for numbers.');
    }
  });

  it('finds numbers by digits, country and type, in the whole inventory', async () => {
    const [number] = await add({ from: parisNumber(), numberType: 'national', countryCode: 'MC' });
    const digits = number!.phoneNumber.slice(-8);
    const byDigits = ZNumberSearchResponse.parse(
      (await call('GET', `/api/admin/numbers/search?q=${digits.slice(0, 4)}%20${digits.slice(4)}`)).json(),
    );
    expect(byDigits.numbers.map((n) => n.id)).toEqual([number!.id]);
    const byCountry = ZNumberSearchResponse.parse((await call('GET', '/api/admin/numbers/search?q=mc')).json());
    expect(byCountry.numbers.map((n) => n.id)).toContain(number!.id);
    expect(byCountry.numbers.every((n) => n.countryCode === 'MC')).toBe(true);
    const byType = ZNumberSearchResponse.parse((await call('GET', '/api/admin/numbers/search?q=National')).json());
    expect(byType.numbers.map((n) => n.id)).toContain(number!.id);
    expect(byType.numbers.every((n) => n.numberType === 'national')).toBe(true);
  });

  it('answers at most 100 numbers and says when there were more', async () => {
    const search = ZNumberSearchResponse.parse((await call('GET', '/api/admin/numbers/search?q=%2B1')).json());
    expect(search.numbers).toHaveLength(100);
    expect(search.truncated).toBe(true);
  });
});

describe('GET /api/admin/user-search', () => {
  it('starts at 2 characters and answers at most 10 people: id, email, name', async () => {
    const tag = unique('findme');
    for (let i = 0; i < 12; i++) await createUser(t, { email: `${tag}-${i}@example.com`, name: `Person ${i}` });

    const short = await call('GET', '/api/admin/user-search?email=a');
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).message).toContain('Type at least 2 characters of the e-mail address.');

    const response = await call('GET', `/api/admin/user-search?email=${tag.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    const { users } = ZUserSearchResponse.parse(response.json());
    expect(users).toHaveLength(10);
    expect(Object.keys(users[0]!).sort()).toEqual(['email', 'id', 'name']);
    expect(users.every((u) => u.email.startsWith(tag))).toBe(true);
  });

  it('takes % and _ as characters, not wildcards', async () => {
    const { users } = ZUserSearchResponse.parse((await call('GET', '/api/admin/user-search?email=%25%25')).json());
    expect(users).toEqual([]);
  });
});
