import { ZApiError, ZContact, ZContactImportResult, ZContactList, type TContact } from '@faxline/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { createContact } from '@test-support/factories/contacts';
import { auditEvents } from '../../src/audit/schema';
import { contacts } from '../../src/contacts/schema';
import { callApi, openTestApp, signIn, TEST_ORIGIN, type TestApp } from '../support/test-app';

// The address book behind /user/contacts (decision 048). Every member who may use faxes keeps the
// account's contacts; search, tags and a cursor page them; CSV files go in and out.
let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ work: false });
});
afterAll(async () => {
  await t?.close();
});

async function customer(role?: 'user' | 'billing') {
  const account = await createAccount(t, role ? { members: [{ role }] } : {});
  const person = role ? account.members[0]! : account.owner;
  return { accountId: account.id, person, cookie: await signIn(t.app, person.email) };
}

const list = async (cookie: string, query = '') => {
  const response = await callApi(t.app, 'GET', `/api/contacts${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return ZContactList.parse(response.json());
};

const importCsv = (cookie: string, csv: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/contacts/import',
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'text/csv', 'accept-language': language },
    payload: csv,
  });

const auditRows = (accountId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), like(auditEvents.action, 'contact.%')))
    .orderBy(auditEvents.id);

describe('a contact', () => {
  it('is created (201), read, changed field by field, and deleted, each change audited', async () => {
    const { accountId, person, cookie } = await customer();
    const created = await callApi(t.app, 'POST', '/api/contacts', {
      cookie,
      payload: { name: '  Dr. Ana Ruiz ', fax_number: '+1 (555) 010-2030', company: 'Clínica Sol', email: '', tags: ['vip', 'vip', 'lab'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const contact = ZContact.parse(created.json());
    expect(contact).toMatchObject({
      name: 'Dr. Ana Ruiz',
      fax_number: '+15550102030',
      company: 'Clínica Sol',
      email: null,
      notes: null,
      tags: ['vip', 'lab'],
    });

    const read = await callApi(t.app, 'GET', `/api/contacts/${contact.id}`, { cookie });
    expect(ZContact.parse(read.json())).toEqual(contact);

    const changed = await callApi(t.app, 'PATCH', `/api/contacts/${contact.id}`, { cookie, payload: { notes: 'Fax results before noon' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(ZContact.parse(changed.json())).toMatchObject({
      name: 'Dr. Ana Ruiz',
      company: 'Clínica Sol',
      notes: 'Fax results before noon',
    });

    const deleted = await callApi(t.app, 'DELETE', `/api/contacts/${contact.id}`, { cookie });
    expect(deleted.statusCode).toBe(200);
    expect((await callApi(t.app, 'GET', `/api/contacts/${contact.id}`, { cookie })).statusCode).toBe(404);

    const audit = await auditRows(accountId);
    expect(audit.map((row) => [row.action, row.objectType, row.objectId, row.actorUserId, row.outcome])).toEqual([
      ['contact.create', 'contact', contact.id, person.id, 'success'],
      ['contact.update', 'contact', contact.id, person.id, 'success'],
      ['contact.delete', 'contact', contact.id, person.id, 'success'],
    ]);
    expect(audit[1]!.details).toEqual({ fields: ['notes'] });
  });

  it('of another account is not found (404) to read, change or delete, and stays as it was', async () => {
    const owner = await customer();
    const other = await customer();
    const contact = await createContact(t, owner.accountId, { name: 'Private Lab' });
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Taken' }], ['DELETE']] as const) {
      const response = await callApi(t.app, method, `/api/contacts/${contact.id}`, { cookie: other.cookie, payload });
      expect(response.statusCode, method).toBe(404);
      expect(ZApiError.parse(response.json()).error).toMatchObject({
        code: 'errors.contactNotFound',
        message: 'This contact is not in your address book.',
      });
    }
    expect((await list(other.cookie)).data).toEqual([]);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row?.name).toBe('Private Lab');
  });

  it('refuses bad input with a 400 and its message, in the caller language, changing nothing', async () => {
    const { accountId, cookie } = await customer();
    const cases: Array<[object, string, string]> = [
      [{ name: '', fax_number: '+15550100000' }, 'en', "Please enter the contact's name."],
      [{ name: 'Ana', fax_number: '555-0100' }, 'en', 'valid recipient fax number'],
      [{ name: 'x'.repeat(121), fax_number: '+15550100000' }, 'en', 'at most 120 characters'],
      [{ name: 'Ana', fax_number: '+15550100000', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'fr', 'au plus 10 étiquettes'],
      [{ name: 'Ana', fax_number: '' }, 'es', 'Introduzca el número de fax del contacto.'],
    ];
    for (const [payload, language, message] of cases) {
      const response = await callApi(t.app, 'POST', '/api/contacts', { cookie, payload, language });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ZApiError.parse(response.json()).error.message).toContain(message);
    }
    const contact = await createContact(t, accountId, { name: 'Kept' });
    const bad = await callApi(t.app, 'PATCH', `/api/contacts/${contact.id}`, { cookie, payload: { name: 'Changed', fax_number: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect((await list(cookie)).data.map((c) => c.name)).toEqual(['Kept']);
    expect(await auditRows(accountId)).toEqual([]);
  });

  it('is kept by any member who may use faxes; a Billing contact and a stranger are refused', async () => {
    const user = await customer('user');
    expect(
      (await callApi(t.app, 'POST', '/api/contacts', { cookie: user.cookie, payload: { name: 'Ana', fax_number: '+15550100000' } }))
        .statusCode,
    ).toBe(201);
    const billing = await customer('billing');
    expect((await callApi(t.app, 'GET', '/api/contacts', { cookie: billing.cookie })).statusCode).toBe(403);
    expect((await callApi(t.app, 'GET', '/api/contacts')).statusCode).toBe(401);
  });
});

describe('the list', () => {
  it('finds contacts by part of name, number, company or e-mail, without regard to case, and % and _ are literal', async () => {
    const { accountId, cookie } = await customer();
    await createContact(t, accountId, { name: 'Ana Ruiz', fax_number: '+15550102030', company: 'Clínica Sol' });
    await createContact(t, accountId, { name: 'Bob 100% Fax', fax_number: '+15550109999', email: 'bob_lab@example.com' });
    await createContact(t, accountId, { name: 'Carla', fax_number: '+442071234567' });
    const names = async (search: string) => (await list(cookie, `?search=${encodeURIComponent(search)}`)).data.map((c) => c.name);
    expect(await names('ANA')).toEqual(['Ana Ruiz']);
    expect(await names('clínica')).toEqual(['Ana Ruiz']);
    expect(await names('+1 555 010')).toEqual(['Ana Ruiz', 'Bob 100% Fax']);
    expect(await names('4420')).toEqual(['Carla']);
    expect(await names('BOB_LAB@')).toEqual(['Bob 100% Fax']);
    expect(await names('100%')).toEqual(['Bob 100% Fax']);
    expect(await names('%')).toEqual(['Bob 100% Fax']);
    expect(await names('_')).toEqual(['Bob 100% Fax']);
    expect(await names('nobody')).toEqual([]);
  });

  it('filters by tag', async () => {
    const { accountId, cookie } = await customer();
    await createContact(t, accountId, { name: 'Lab A', tags: ['lab', 'vip'] });
    await createContact(t, accountId, { name: 'Lab B', tags: ['lab'] });
    await createContact(t, accountId, { name: 'Office', tags: [] });
    expect((await list(cookie, '?tag=lab')).data.map((c) => c.name)).toEqual(['Lab A', 'Lab B']);
    expect((await list(cookie, '?tag=vip&search=lab')).data.map((c) => c.name)).toEqual(['Lab A']);
    expect((await list(cookie, '?tag=none')).data).toEqual([]);
  });

  it('walks 120 contacts in name order by cursor, each once, and refuses a made-up cursor or a bad limit', async () => {
    const { accountId, cookie } = await customer();
    // Equal names too: the id breaks the tie, so none is skipped or shown twice.
    for (let i = 0; i < 120; i += 1) await createContact(t, accountId, { name: `Person ${String(i % 40).padStart(2, '0')}` });
    const seen: TContact[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await list(cookie, `?limit=25${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data);
      cursor = page.next_cursor;
      pages += 1;
    }
    expect(pages).toBe(5);
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((c) => c.id)).size).toBe(120);
    const order = seen.map((c) => [c.name, c.id].join(' '));
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const forged = await callApi(t.app, 'GET', '/api/contacts?cursor=not-a-cursor', { cookie });
    expect(forged.statusCode).toBe(400);
    expect(ZApiError.parse(forged.json()).error.code).toBe('errors.invalidCursor');
    const limit = await callApi(t.app, 'GET', '/api/contacts?limit=500', { cookie, language: 'es' });
    expect(limit.statusCode).toBe(400);
    expect(ZApiError.parse(limit.json()).error.message).toMatch(/limit.*\b100\b/);
  });
});

describe('CSV', () => {
  it('imports good rows, skips duplicates (in the book or the file) and reports bad rows by line, translated', async () => {
    const { accountId, cookie } = await customer();
    await createContact(t, accountId, { name: 'Ana Ruiz', fax_number: '+15550102030' });
    const csv = [
      'Name,Fax Number,Company,E-mail,Notes,Tags',
      'ana ruiz,+15550102030,,,,',
      'Bob Lab,+1 555 010 9999,Lab Inc,bob@example.com,"Two lines,\nof notes",lab; vip',
      'Bob Lab,+15550109999,,,,',
      ',+15550100001,,,,',
      'No Number,,,,,',
      'Bad Mail,+15550100002,,not-an-email,,',
      '',
      'Carla,+442071234567,,,,',
    ].join('\r\n');
    const response = await importCsv(cookie, csv, 'fr');
    expect(response.statusCode, response.body).toBe(200);
    const result = ZContactImportResult.parse(response.json());
    expect(result.imported).toBe(2);
    expect(result.duplicates).toBe(2);
    expect(result.rejected).toEqual([
      { line: 6, message: 'name : Veuillez saisir le nom du contact.' },
      { line: 7, message: 'fax_number : Veuillez saisir le numéro de fax du contact.' },
      { line: 8, message: 'email : Veuillez saisir une adresse e-mail valide.' },
    ]);
    const book = (await list(cookie)).data;
    expect(book.map((c) => c.name)).toEqual(['Ana Ruiz', 'Bob Lab', 'Carla']);
    expect(book[1]).toMatchObject({ fax_number: '+15550109999', company: 'Lab Inc', notes: 'Two lines,\nof notes', tags: ['lab', 'vip'] });

    const [audit] = (await auditRows(accountId)).filter((row) => row.action === 'contact.import');
    expect(audit?.details).toEqual({ imported: 2, duplicates: 2, rejected: 3 });
  });

  it('refuses a file without the name and fax columns, one that is not CSV, and a file over 1 MB, adding nothing', async () => {
    const { cookie } = await customer();
    const noHeader = await importCsv(cookie, 'Ana,+15550102030\n');
    expect(noHeader.statusCode).toBe(400);
    expect(ZApiError.parse(noHeader.json()).error.code).toBe('errors.contactImportNoHeader');
    const broken = await importCsv(cookie, 'name,fax\n"Ana,+15550102030\n');
    expect(broken.statusCode).toBe(400);
    expect(ZApiError.parse(broken.json()).error.code).toBe('errors.contactImportUnreadable');
    const large = await importCsv(cookie, `name,fax\n${'Ana,+15550102030\n'.repeat(70_000)}`);
    expect(large.statusCode).toBe(413);
    expect((await list(cookie)).data).toEqual([]);
  });

  it('exports every contact as CSV that imports into another account as it was, formulas made inert', async () => {
    const { accountId, cookie } = await customer();
    await createContact(t, accountId, {
      name: '=HYPERLINK("http://evil.example","x")',
      fax_number: '+15550100003',
      company: '@SUM(A1)',
      notes: '-2+3',
    });
    await createContact(t, accountId, {
      name: 'Zoé, "the" Lab',
      fax_number: '+33123456789',
      email: 'zoe@example.fr',
      tags: ['lab', 'fr'],
      station_id: '+33 1 23 45 67 89',
    });
    const exported = await callApi(t.app, 'GET', '/api/contacts/export.csv', { cookie });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'name,fax_number,company,email,notes,tags,station_id',
      `"'=HYPERLINK(""http://evil.example"",""x"")",'+15550100003,'@SUM(A1),,'-2+3,,`,
      `"Zoé, ""the"" Lab",'+33123456789,,zoe@example.fr,,lab;fr,'+33 1 23 45 67 89`,
    ]);

    const other = await customer();
    const imported = ZContactImportResult.parse((await importCsv(other.cookie, exported.body)).json());
    expect(imported).toEqual({ imported: 2, duplicates: 0, rejected: [] });
    const strip = ({ name, fax_number, company, email, notes, tags, station_id }: TContact) => ({
      name,
      fax_number,
      company,
      email,
      notes,
      tags,
      station_id,
    });
    expect((await list(other.cookie)).data.map(strip)).toEqual((await list(cookie)).data.map(strip));
  });
});
