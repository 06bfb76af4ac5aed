import { execFileSync } from 'node:child_process';
import {
  ZAdminPortingResponse,
  ZFaxNumbersResponse,
  ZPortingRequest,
  ZPortingRequestsResponse,
  type TPortingRequestForm,
} from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelnyxSimulator, type TelnyxSimulator } from '@test-support/carriers/telnyx';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf, makePng } from '@test-support/factories/documents';
import { freePort } from '@test-support/faxline-process';
import { auditEvents } from '../../src/audit/schema';
import { faxes } from '../../src/faxes/schema';
import { faxNumbers } from '../../src/numbers/schema';
import { adminSession, callApi, errorOf, latestEmailTo, openTestApp, signIn, someClientAddress, type TestApp } from '../support/test-app';

// Number porting (decision 113): a customer's request with the bill and a letter of authorisation signed in the
// browser, worked in the back office by hand or through Telnyx's porting API (its simulator), each status e-mailed,
// the numbers the account's once completed. The app listens on a real port so that the simulator can post the fax
// Telnyx receives on a ported number.
let t: TestApp;
let simulator: TelnyxSimulator;
let admin: string;
let owner: { email: string; accountId: string; cookie: string };
let bill: Buffer;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  simulator = await startTelnyxSimulator({ webhookUrl: `${publicUrl}/api/carriers/telnyx/webhook` });
  t = await openTestApp({
    env: {
      PUBLIC_URL: publicUrl,
      TELNYX_API_URL: simulator.url,
      TELNYX_API_KEY: simulator.apiKey,
      TELNYX_CONNECTION_ID: simulator.connectionId,
      TELNYX_PUBLIC_KEY: simulator.publicKey,
      CARRIER_ROUTES: '+44=telnyx',
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = (await adminSession(t)).cookie;
  const account = await createAccount(t, { owner: { name: 'Grace Hopper' } });
  owner = { email: account.owner.email, accountId: account.id, cookie: await signIn(t.app, account.owner.email) };
  bill = await makePdf(1, 'Bill');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

let nextNumber = 10;
/** A US number neither Faxline nor the simulator's Telnyx account has. */
const outsideNumber = () => `+130355501${String(nextNumber++).padStart(2, '0')}`;
const today = () => new Date().toISOString().slice(0, 10);

const form = (numbers: string[], overrides: Partial<TPortingRequestForm> = {}): TPortingRequestForm => ({
  numbers,
  holder: {
    name: 'Hopper Analytics LLC',
    currentProvider: 'Old Phone Co',
    accountNumber: 'ACC-42',
    pin: '1234',
    street: '1 Compiler Way',
    city: 'Arlington',
    region: 'VA',
    postalCode: '22201',
    country: 'US',
  },
  signature: { name: 'Grace Hopper', date: today() },
  authorised: true,
  ...overrides,
});

/** The porting form as the browser posts it: `request.json` and the `bill` file. */
async function submit(
  request: unknown,
  file: { name: string; bytes: Uint8Array; type?: string } | null = { name: 'bill.pdf', bytes: bill },
  options: { cookie?: string; language?: string } = {},
) {
  const body = new FormData();
  body.append('request.json', typeof request === 'string' ? request : JSON.stringify(request));
  if (file) body.append('bill', new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const encoded = new Response(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/porting-requests',
    headers: {
      origin: t.config.publicUrl,
      'content-type': encoded.headers.get('content-type')!,
      'accept-language': options.language ?? 'en',
      ...((options.cookie ?? owner.cookie) ? { cookie: options.cookie ?? owner.cookie } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
    remoteAddress: someClientAddress(),
  });
}

async function submitted(numbers: string[]) {
  const response = await submit(form(numbers));
  expect(response.statusCode, response.body).toBe(201);
  return ZPortingRequest.parse(response.json());
}

/** A request from the app's own site (a PUBLIC_URL of its own: the cross-site check compares the origin with it). */
const call = (method: 'GET' | 'POST', url: string, options: { cookie: string; payload?: object; language?: string }) =>
  callApi(t.app, method, url, { ...options, headers: { origin: t.config.publicUrl }, remoteAddress: someClientAddress() });
const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object, language = 'en') =>
  call(method, url, { cookie: admin, ...(payload ? { payload } : {}), language });

async function work(id: string, action: string, payload: object = {}) {
  const response = await asAdmin('POST', `/api/admin/porting/${id}/${action}`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return ZPortingRequest.parse(response.json());
}

const pdfText = (bytes: Uint8Array) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(bytes) }).toString('utf8');

async function accountNumbers() {
  const response = await call('GET', '/api/numbers', { cookie: owner.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return ZFaxNumbersResponse.parse(response.json()).numbers.map((n) => n.phoneNumber);
}

describe('a porting request', () => {
  it('is the owner’s to submit, with the bill and a letter of authorisation made into a readable PDF, and e-mailed', async () => {
    const number = outsideNumber();
    const created = await submitted([number.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '+1 ($1) $2-$3')]);
    expect(created).toMatchObject({ numbers: [number], status: 'submitted', signedName: 'Grace Hopper', signedOn: today() });

    const listed = await call('GET', '/api/porting-requests', { cookie: owner.cookie });
    expect(ZPortingRequestsResponse.parse(listed.json()).requests.map((r) => r.id)).toContain(created.id);

    const loa = await call('GET', `/api/porting-requests/${created.id}/letter-of-authorisation`, { cookie: owner.cookie });
    expect(loa.statusCode).toBe(200);
    expect(loa.headers['content-type']).toBe('application/pdf');
    const document = await PDFDocument.load(loa.rawPayload);
    expect(document.getTitle()).toBe('Letter of authorisation');
    expect(document.getPageCount()).toBe(1);
    const words = pdfText(loa.rawPayload);
    for (const text of ['Hopper Analytics LLC', 'Old Phone Co', 'ACC-42', 'Grace Hopper', '1 Compiler Way', created.id])
      expect(words).toContain(text);
    expect(words.replace(/\D/g, '')).toContain(number.slice(1));

    const email = await latestEmailTo(t.app, owner.email, /We received your request to port 1 number/);
    expect(email.text).toContain('Submitted');

    // Nobody else: signed out, a member who is not the owner, another account, the back office without its step-up.
    expect((await submit(form([outsideNumber()]), undefined, { cookie: '' })).statusCode).toBe(401);
    const other = await createAccount(t, { members: [{ role: 'admin' }] });
    const memberCookie = await signIn(t.app, other.members[0]!.email);
    const refused = await submit(form([outsideNumber()]), undefined, { cookie: memberCookie });
    expect(refused.statusCode).toBe(403);
    const otherOwner = await signIn(t.app, other.owner.email);
    const foreign = await call('GET', `/api/porting-requests/${created.id}/letter-of-authorisation`, { cookie: otherOwner });
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', '/api/admin/porting', { cookie: owner.cookie })).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/porting/${created.id}/complete`, { cookie: otherOwner })).statusCode).toBe(403);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.objectId, created.id));
    expect(audit.map((row) => row.action)).toEqual(['porting.submit']);
  });

  it('refuses bad input with a translated 4xx, storing nothing', async () => {
    const before = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'porting.submit'));
    const noBill = await submit(form([outsideNumber()]), null, { language: 'fr' });
    expect(noBill.statusCode).toBe(400);
    expect(errorOf(noBill)).toMatchObject({ code: 'errors.portingBillRequired', message: expect.stringContaining('facture') });

    const text = await submit(form([outsideNumber()]), { name: 'bill.txt', bytes: Buffer.from('my bill\n') }, { language: 'es' });
    expect(text.statusCode).toBe(400);
    expect(errorOf(text)).toMatchObject({ code: 'errors.portingBillType', message: expect.stringContaining('factura') });
    const renamed = await submit(form([outsideNumber()]), { name: 'bill.pdf', bytes: makePng() });
    expect(errorOf(renamed).code).toBe('errors.fileNameMismatch');
    expect((await submit(form([outsideNumber()]), { name: 'bill.png', bytes: makePng() })).statusCode).toBe(201);

    const cases: Array<[unknown, number, string]> = [
      [form([]), 400, 'validation.portingNumbersRequired'],
      [form(['12']), 400, 'validation.faxNumberE164'],
      [form(['+13035550199', '+1 303 555 0199']), 400, 'validation.portingDuplicateNumbers'],
      [{ ...form([outsideNumber()]), holder: { ...form([]).holder, name: ' ' } }, 400, 'validation.portingHolderName'],
      [{ ...form([outsideNumber()]), authorised: false }, 400, 'validation.portingAuthoriseRequired'],
      [{ ...form([outsideNumber()]), signature: { name: 'Grace Hopper', date: '2020-01-01' } }, 400, 'validation.portingSignatureDate'],
      [{ ...form([outsideNumber()]), signature: { name: 'Grace Hopper', date: '2026-02-30' } }, 400, 'validation.portingDate'],
      ['{"numbers": [', 400, 'errors.malformedJson'],
      // A number that is Faxline's already (the owner's own), or in a request being worked.
      [form([(await accountNumbersOf(owner.accountId))[0]!]), 409, 'errors.portingNumberAlreadyHere'],
    ];
    for (const [request, status, code] of cases) {
      const response = await submit(request, undefined, { language: 'fr' });
      expect(response.statusCode, `${code}: ${response.body}`).toBe(status);
      expect(errorOf(response).code).toBe(code);
      expect(errorOf(response).message).not.toBe(code);
    }
    const pending = outsideNumber();
    await submitted([pending]);
    const twice = await submit(form([pending]));
    expect([twice.statusCode, errorOf(twice).code]).toEqual([409, 'errors.portingNumberInRequest']);
    const after = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'porting.submit'));
    expect(after.length).toBe(before.length + 2);

    // The back office's moves check theirs.
    const { id } = await submitted([outsideNumber()]);
    const past = await asAdmin('POST', `/api/admin/porting/${id}/approve`, { portDate: '2020-01-01' }, 'es');
    expect([past.statusCode, errorOf(past).code]).toEqual([400, 'validation.portingDateInPast']);
    const early = await asAdmin('POST', `/api/admin/porting/${id}/complete`);
    expect([early.statusCode, errorOf(early).code]).toEqual([409, 'errors.portingStatusChanged']);
    const blank = await asAdmin('POST', `/api/admin/porting/${id}/reject`, { reason: '' }, 'fr');
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain('Indiquez le motif que lira le client.');
    expect((await asAdmin('POST', '/api/admin/porting/nope/review', { carrier: null })).statusCode).toBe(400);
    expect((await asAdmin('POST', `/api/admin/porting/${crypto.randomUUID()}/review`, { carrier: null })).statusCode).toBe(404);
  });

  it('is worked by hand: in review, approved with a date, completed; the numbers join the account; each status e-mailed', async () => {
    const numbers = [outsideNumber(), outsideNumber()];
    const { id } = await submitted(numbers);
    const queue = ZAdminPortingResponse.parse((await asAdmin('GET', '/api/admin/porting')).json());
    expect(queue.carriers).toEqual(['telnyx']);
    expect(queue.requests.find((r) => r.id === id)).toMatchObject({ accountId: owner.accountId, ownerEmail: owner.email });

    expect((await work(id, 'review', { carrier: null })).status).toBe('in_review');
    await latestEmailTo(t.app, owner.email, /Your porting request is in review/);
    const portDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(await work(id, 'approve', { portDate })).toMatchObject({ status: 'approved', portDate });
    const approved = await latestEmailTo(t.app, owner.email, /Your numbers move on/);
    expect(approved.text).toContain('Approved');
    expect(await accountNumbers()).not.toContain(numbers[0]);

    expect((await work(id, 'complete')).status).toBe('completed');
    await latestEmailTo(t.app, owner.email, /Your numbers are now on Faxline/);
    expect(await accountNumbers()).toEqual(expect.arrayContaining(numbers));
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.objectId, id));
    expect(audit.map((row) => row.action)).toEqual(['porting.submit', 'porting.in_review', 'porting.approved', 'porting.completed']);

    const other = await submitted([outsideNumber()]);
    expect(await work(other.id, 'reject', { reason: 'The account number does not match the bill.' })).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The account number does not match the bill.',
    });
    const rejected = await latestEmailTo(t.app, owner.email, /could not go ahead/);
    expect(rejected.text).toContain('The account number does not match the bill.');
  });

  it('goes through a Telnyx port order: its documents, a confirmed date, the port, and a fax received on the number', async () => {
    const number = outsideNumber();
    const { id } = await submitted([number]);
    const reviewed = await work(id, 'review', { carrier: 'telnyx' });
    expect(reviewed).toMatchObject({ status: 'in_review', carrier: 'telnyx', carrierStatus: 'in-process' });
    const order = simulator.portingOrders.find((o) => o.id === reviewed.carrierOrderId)!;
    expect(order).toMatchObject({
      customer_reference: id,
      phone_numbers: [{ phone_number: number }],
      end_user: {
        admin: { entity_name: 'Hopper Analytics LLC', auth_person_name: 'Grace Hopper', account_number: 'ACC-42', pin_passcode: '1234' },
        location: { street_address: '1 Compiler Way', locality: 'Arlington', postal_code: '22201', country_code: 'US' },
      },
      phone_number_configuration: { connection_id: simulator.connectionId },
    });
    const loa = simulator.documents.find((d) => d.id === order.documents.loa)!;
    expect(loa.content_type).toBe('application/pdf');
    expect(pdfText(loa.bytes)).toContain('Hopper Analytics LLC');
    expect(simulator.documents.find((d) => d.id === order.documents.invoice)!.bytes.equals(bill)).toBe(true);

    // Moving it by hand is refused: the carrier's order decides.
    const byHand = await asAdmin('POST', `/api/admin/porting/${id}/approve`, { portDate: today() });
    expect([byHand.statusCode, errorOf(byHand).code]).toEqual([409, 'errors.portingWorkedByCarrier']);

    simulator.advancePortingOrder(order.id, 'submitted');
    expect(await work(id, 'sync')).toMatchObject({ status: 'in_review', carrierStatus: 'submitted' });
    const focDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    simulator.advancePortingOrder(order.id, 'foc-date-confirmed', { focDate });
    expect(await work(id, 'sync')).toMatchObject({ status: 'approved', portDate: focDate });
    await latestEmailTo(t.app, owner.email, /Your number moves on/);

    simulator.advancePortingOrder(order.id, 'ported');
    expect(await work(id, 'sync')).toMatchObject({ status: 'completed', carrierStatus: 'ported' });
    await latestEmailTo(t.app, owner.email, /Your number is now on Faxline/);
    expect(await accountNumbers()).toContain(number);
    const [row] = await t.db.select().from(faxNumbers).where(eq(faxNumbers.phoneNumber, number));
    const telnyxId = simulator.ownedNumbers.find((n) => n.phone_number === number)!.id;
    expect(row).toMatchObject({ provider: 'telnyx', carrierNumberId: telnyxId, accountId: owner.accountId, status: 'assigned' });

    // Routed like the account's other numbers: a fax Telnyx receives on it lands in the account.
    const received = await simulator.receive({ to: number, from: '+442079460011', pdf: await makePdf(1) });
    expect(received.status).toBe(204);
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select()
              .from(faxes)
              .where(eq(faxes.inboundCallId, `telnyx:${received.faxId}`))
          )[0]?.accountId,
        {
          timeout: 30_000,
        },
      )
      .toBe(owner.accountId);
  });

  it('is rejected with the carrier’s words on an exception, and a rejection withdraws the carrier’s order', async () => {
    const first = await work((await submitted([outsideNumber()])).id, 'review', { carrier: 'telnyx' });
    simulator.advancePortingOrder(first.carrierOrderId!, 'exception', {
      details: [{ code: 'ACCOUNT_NUMBER_MISMATCH', description: 'The account number does not match the losing carrier’s records' }],
    });
    expect(await work(first.id, 'sync')).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The account number does not match the losing carrier’s records',
    });

    const second = await work((await submitted([outsideNumber()])).id, 'review', { carrier: 'telnyx' });
    expect((await work(second.id, 'reject', { reason: 'Asked by the customer.' })).status).toBe('rejected');
    expect(simulator.portingOrders.find((o) => o.id === second.carrierOrderId)!.status.value).toBe('cancelled');
  });
});

async function accountNumbersOf(accountId: string) {
  return (await t.db.select().from(faxNumbers).where(eq(faxNumbers.accountId, accountId))).map((n) => n.phoneNumber);
}
