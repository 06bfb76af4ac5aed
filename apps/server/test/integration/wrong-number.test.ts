import {
  SANDBOX_TEST_NUMBERS,
  ZContact,
  ZFaxDetails,
  ZNotificationsResponse,
  ZReceiptVerification,
  ZSendFaxResponse,
} from '@faxline/shared';
import { ZV1FaxDetails } from '@faxline/shared/api-v1';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignalWireSimulator, type SignalWireSimulator } from '@test-support/carriers/signalwire';
import { createAccount } from '@test-support/factories/accounts';
import { createContact } from '@test-support/factories/contacts';
import { makePdf } from '@test-support/factories/documents';
import { freePort } from '@test-support/faxline-process';
import { auditEvents } from '../../src/audit/schema';
import { usageLedger } from '../../src/billing/ledger-schema';
import { contacts } from '../../src/contacts/schema';
import { faxAttempts, faxes } from '../../src/faxes/schema';
import { ZCreateApiKeyResponse } from '@faxline/shared';
import { callV1 } from '../support/api-keys';
import { unlimitedCustomer } from '../support/fax-battery';
import { sendFaxRequest } from '../support/faxes';
import { callApi, latestEmailTo, openTestApp, signIn, type TestApp } from '../support/test-app';

// Wrong-number protection (decision 121): the station id a recipient's machine should announce, from the address book
// or the send, checked by the engine before page 1 on the sandbox, and after the fact on a carrier that reports it.
// The sandbox's remote machines announce their own number as their station id (CSI).
let t: TestApp;
let signalwire: SignalWireSimulator;
let sender: Awaited<ReturnType<typeof unlimitedCustomer>>;
let cookie: string;
let pdf: Uint8Array;
/** A number SignalWire carries (CARRIER_ROUTES below). */
const CARRIED = '+442079460111';

beforeAll(async () => {
  const port = await freePort();
  signalwire = await startSignalWireSimulator();
  t = await openTestApp({
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      FAX_CLOCK_SCALE: '0.001',
      SIGNALWIRE_SPACE_URL: signalwire.url,
      SIGNALWIRE_PROJECT_ID: signalwire.projectId,
      SIGNALWIRE_API_TOKEN: signalwire.apiToken,
      SIGNALWIRE_SIGNING_KEY: signalwire.signingKey,
      CARRIER_ROUTES: '+44=signalwire',
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  sender = await unlimitedCustomer(t, 'Wrong Number Clinic');
  cookie = await signIn(t.app, sender.email);
  pdf = await makePdf(2);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await signalwire?.close();
});

const asSender = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, who = cookie) =>
  callApi(t.app, method, url, { cookie: who, headers: { origin: t.config.publicUrl }, ...(payload ? { payload } : {}) });

async function send(request: Record<string, unknown>): Promise<string> {
  const response = await sendFaxRequest(t.app, cookie, { faxQuality: 'fine', ...request }, [{ name: 'referral.pdf', bytes: pdf }], {
    origin: t.config.publicUrl,
  });
  expect(response.statusCode, response.body).toBe(202);
  return ZSendFaxResponse.parse(response.json()).faxId;
}

/** The fax's details once it has ended, as its sender sees them. */
async function ended(faxId: string) {
  for (const by = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const details = ZFaxDetails.parse((await asSender('GET', `/api/faxes/${faxId}`)).json());
    if (['delivered', 'partially_delivered', 'failed', 'canceled'].includes(details.status)) return details;
    if (Date.now() > by) throw new Error(`fax ${faxId} is still ${details.status}`);
  }
}

/** An API key of the sender's, made as a person makes one, from the app's own address. */
const apiKey = async () =>
  ZCreateApiKeyResponse.parse((await asSender('POST', '/api/api-keys', { name: 'EHR', scopes: ['faxes:read', 'faxes:write'] })).json())
    .secret;

const contactRow = async (id: string) => (await t.db.select().from(contacts).where(eq(contacts.id, id)))[0]!;

describe('a station id kept with the contact and the fax', () => {
  it('is refused in words when it is not one a fax machine can announce, on the address book and the send form', async () => {
    const tooLong = await asSender('POST', '/api/contacts', {
      name: 'Lab',
      fax_number: '+15550100000',
      station_id: '+1 555 010 0000 0000 00',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toContain('at most 20 characters');
    const letters = await sendFaxRequest(
      t.app,
      cookie,
      { recipientNumber: SANDBOX_TEST_NUMBERS.delivers, faxQuality: 'fine', expectedStationId: 'ACME LAB' },
      [{ name: 'a.pdf', bytes: pdf }],
      { origin: t.config.publicUrl, 'accept-language': 'fr' },
    );
    expect(letters.statusCode).toBe(400);
    expect(letters.json().error).toMatchObject({ code: 'errors.invalidStationId', message: expect.stringContaining('chiffres') });
  });

  it('goes with a fax to the contact, and a wrong station fails it as wrong_station, not retried, nothing sent or charged', async () => {
    // Needs the engine's check (the sandbox hangs up on a CSI other than the expected one before page 1).
    const created = await asSender('POST', '/api/contacts', {
      name: 'Cardiology (old machine)',
      fax_number: SANDBOX_TEST_NUMBERS.delivers,
      station_id: '+1 555 999 0000',
    });
    expect(created.statusCode, created.body).toBe(201);
    const contact = ZContact.parse(created.json());
    expect(contact).toMatchObject({ station_id: '+1 555 999 0000', station_warning: null });

    const faxId = await send({ recipientNumber: SANDBOX_TEST_NUMBERS.delivers });
    const [row] = await t.db.select().from(faxes).where(eq(faxes.id, faxId));
    expect(row!.expectedStationId).toBe('+1 555 999 0000');
    const fax = await ended(faxId);
    expect(fax).toMatchObject({ status: 'failed', failureReason: 'wrong_station', pagesSent: null });
    expect(fax.stationCheck).toEqual({ expected: '+1 555 999 0000', announced: SANDBOX_TEST_NUMBERS.delivers, result: 'mismatch' });
    expect(fax.attempts).toHaveLength(1);
    expect(fax.attempts[0]).toMatchObject({ result: 'wrong_station', pagesSent: 0, call: { remoteIdent: SANDBOX_TEST_NUMBERS.delivers } });
    expect(fax.hasReceipt).toBe(false);
    expect(await t.db.select().from(usageLedger).where(eq(usageLedger.faxId, faxId))).toEqual([]);
    expect((await contactRow(contact.id)).stationWarning).toMatchObject({ announced: SANDBOX_TEST_NUMBERS.delivers, faxId });
  }, 90_000);

  it('delivers when the machine announces the id expected, however its spaces fall, and the receipt states the check', async () => {
    const faxId = await send({ recipientNumber: SANDBOX_TEST_NUMBERS.delivers, expectedStationId: ' +1 555  010 0000 ' });
    const fax = await ended(faxId);
    expect(fax).toMatchObject({ status: 'delivered', pagesSent: 2 });
    expect(fax.stationCheck).toEqual({ expected: '+1 555 010 0000', announced: SANDBOX_TEST_NUMBERS.delivers, result: 'match' });
    expect(fax.stationOffer).toBeNull();
    const receipt = await asSender('GET', `/api/faxes/${faxId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    const check = ZReceiptVerification.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/receipts/verify',
          headers: { 'content-type': 'application/pdf' },
          payload: receipt.rawPayload,
        })
      ).json(),
    );
    expect(check).toMatchObject({ valid: true, facts: { stationCheck: fax.stationCheck } });
  }, 90_000);
});

describe('remembering the station id a first delivery announced', () => {
  it('is offered on the fax to a contact without one, kept on the contact when asked (audited), and offered no more', async () => {
    const account = await createAccount(t, { members: [{ role: 'billing' }] });
    const owner = await signIn(t.app, account.owner.email);
    const contact = await createContact(t, account.id, { name: 'Radiology', fax_number: SANDBOX_TEST_NUMBERS.slow_no_ecm });
    const sent = await sendFaxRequest(
      t.app,
      owner,
      { recipientNumber: SANDBOX_TEST_NUMBERS.slow_no_ecm, faxQuality: 'fine' },
      [{ name: 'a.pdf', bytes: pdf }],
      { origin: t.config.publicUrl },
    );
    const { faxId } = ZSendFaxResponse.parse(sent.json());
    let details = ZFaxDetails.parse((await asSender('GET', `/api/faxes/${faxId}`, undefined, owner)).json());
    for (const by = Date.now() + 60_000; details.status !== 'delivered' && Date.now() < by; await new Promise((r) => setTimeout(r, 100)))
      details = ZFaxDetails.parse((await asSender('GET', `/api/faxes/${faxId}`, undefined, owner)).json());
    expect(details.status).toBe('delivered');
    expect(details.stationCheck).toEqual({ expected: null, announced: SANDBOX_TEST_NUMBERS.slow_no_ecm, result: 'not_checked' });
    expect(details.stationOffer).toEqual({ contactId: contact.id, contactName: 'Radiology', stationId: SANDBOX_TEST_NUMBERS.slow_no_ecm });

    // A Billing contact keeps no address book.
    const billing = await signIn(t.app, account.members[0]!.email);
    expect((await asSender('POST', `/api/faxes/${faxId}/remember-station`, undefined, billing)).statusCode).toBe(403);
    // Another account's fax is no fax at all.
    expect((await asSender('POST', `/api/faxes/${faxId}/remember-station`)).statusCode).toBe(404);

    const remembered = await asSender('POST', `/api/faxes/${faxId}/remember-station`, undefined, owner);
    expect(remembered.statusCode, remembered.body).toBe(200);
    expect((await contactRow(contact.id)).stationId).toBe(SANDBOX_TEST_NUMBERS.slow_no_ecm);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, contact.id), eq(auditEvents.action, 'contact.update')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ stationId: SANDBOX_TEST_NUMBERS.slow_no_ecm, fromFax: faxId });
    expect(ZFaxDetails.parse((await asSender('GET', `/api/faxes/${faxId}`, undefined, owner)).json()).stationOffer).toBeNull();
    const again = await asSender('POST', `/api/faxes/${faxId}/remember-station`, undefined, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('errors.stationOfferGone');
  }, 90_000);
});

describe('a carrier that learns the station id after the call', () => {
  it('delivers the fax, and reports the mismatch on the fax, the API, the contact, the bell and the e-mail', async () => {
    const contact = await createContact(t, sender.accountId, {
      name: 'London clinic',
      fax_number: CARRIED,
      station_id: '+44 20 7946 0111',
    });
    signalwire.outcomeFor(CARRIED, { result: 'delivered', remoteStationId: '+44 20 7946 9999' });
    const faxId = await send({ recipientNumber: CARRIED });
    const fax = await ended(faxId);
    expect(fax).toMatchObject({ status: 'delivered', line: 'signalwire', pagesSent: 2 });
    expect(fax.stationCheck).toEqual({ expected: '+44 20 7946 0111', announced: '+44 20 7946 9999', result: 'mismatch' });
    const [attempt] = await t.db.select().from(faxAttempts).where(eq(faxAttempts.faxId, faxId));
    expect(attempt!.call?.remoteIdent).toBe('+44 20 7946 9999');
    // Delivered and charged as delivered: the pages went.
    expect((await t.db.select().from(usageLedger).where(eq(usageLedger.faxId, faxId))).length).toBeGreaterThan(0);

    const listed = ZContact.parse((await asSender('GET', `/api/contacts/${contact.id}`)).json());
    expect(listed.station_warning).toMatchObject({ announced: '+44 20 7946 9999', faxId });

    const secret = await apiKey();
    const v1 = ZV1FaxDetails.parse((await callV1(t, secret, 'GET', `/v1/faxes/${faxId}`)).json());
    expect(v1.station_check).toEqual({ expected: '+44 20 7946 0111', announced: '+44 20 7946 9999', result: 'mismatch' });

    const bells = ZNotificationsResponse.parse((await asSender('GET', '/api/notifications')).json());
    expect(bells.notifications.find((bell) => 'faxId' in bell && bell.faxId === faxId)).toMatchObject({
      type: 'fax.delivered',
      stationMismatch: true,
    });
    const email = await latestEmailTo(t.app, sender.email, /another station/);
    expect(email.text).toContain('+44 20 7946 9999');

    // The station id set again answers the warning.
    await asSender('PATCH', `/api/contacts/${contact.id}`, { station_id: '+44 20 7946 9999' });
    expect((await contactRow(contact.id)).stationWarning).toBeNull();
  }, 90_000);

  it('takes an expected station id sent through /v1 and checks it the same way', async () => {
    signalwire.outcomeFor('+442079460112', { result: 'delivered', remoteStationId: '+442079460112' });
    const secret = await apiKey();
    const sent = await callV1(t, secret, 'POST', '/v1/faxes', {
      payload: {
        recipient: '+442079460112',
        expected_station_id: '+44 20 7946 0112',
        files: [{ name: 'a.pdf', content: Buffer.from(pdf).toString('base64') }],
      },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const faxId = (sent.json() as { fax_id: string }).fax_id;
    const fax = await ended(faxId);
    expect(fax.stationCheck).toEqual({ expected: '+44 20 7946 0112', announced: '+442079460112', result: 'match' });
    const refused = await callV1(t, secret, 'POST', '/v1/faxes', {
      payload: { recipient: '+442079460112', expected_station_id: 'x'.repeat(21), cover_page: { notes: 'hi' } },
    });
    expect(refused.statusCode).toBe(400);
  }, 90_000);
});
