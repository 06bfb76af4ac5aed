import { ZApiError, ZFaxFhirExports, ZFhirConnectionResponse, ZFhirConnectionTest, type TFhirConnectionChange } from '@faxline/shared';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { createFax } from '@test-support/factories/faxes';
import { corpusFax, FAX_TEXT_CORPUS } from '@test-support/fax-text-corpus';
import { startFhirSimulator, type FhirSimulator } from '@test-support/fhir-simulator';
import { auditEvents } from '../../src/audit/schema';
import { faxes } from '../../src/faxes/schema';
import { INLINE_PDF_MAX_BYTES } from '../../src/fhir/document-reference';
import { fhirConnections, fhirExports } from '../../src/fhir/schema';
import { openTestApp, signIn, TEST_ORIGIN, type TestApp } from '../support/test-app';

let t: TestApp;
let sim: FhirSimulator;
const TOKEN = 'simulator-token-4f9c2a';
let smartKey: { privateJwk: string };

beforeAll(async () => {
  // A fast clock: the export's waits between tries (30 s, 2 min, …) pass in milliseconds.
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
  const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
  const kid = 'faxline-test-key';
  smartKey = { privateJwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: 'ES384' }) };
  sim = await startFhirSimulator({
    bearerTokens: [TOKEN],
    clients: [{ clientId: 'faxline-client', publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES384' } }],
    patients: [
      { id: 'p-ellison', family: 'Ellison', given: ['Margaret'], birthDate: '1958-07-22', identifiers: [{ value: '448120' }] },
      // Same name, another birth date: the date decides.
      { id: 'p-ellison-2', family: 'Ellison', given: ['Margaret', 'Ann'], birthDate: '1961-02-03' },
      { id: 'p-okafor', family: 'Okafor', given: ['Helen'], birthDate: '1970-01-01' },
    ],
  });
}, 120_000);
afterAll(async () => {
  await sim?.close();
  await t?.close();
});

const call = (cookie: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, language = 'en') =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie, 'accept-language': language }, ...(payload ? { payload } : {}) });

const connect = (cookie: string, change: TFhirConnectionChange) => call(cookie, 'PUT', '/api/account/fhir', change);

/** A received fax of the account as a line leaves it: its PDF of record (the fax image's) stored, its class unknown unless given. */
async function receivedFax(accountId: string, toNumber: string, corpusId: string, fields: Partial<typeof faxes.$inferInsert> = {}) {
  const { pdf } = await corpusFax(
    FAX_TEXT_CORPUS.find((document) => document.id === corpusId)!,
    'fine',
  );
  const stored = await t.files.put(pdf);
  const fax = await createFax(t, {
    accountId,
    status: 'received',
    toNumber,
    fromNumber: '+15035550148',
    pages: 1,
    documentKey: stored.key,
    ...fields,
  });
  return { fax, pdf };
}

const exportsOf = async (cookie: string, faxId: string) => {
  const response = await call(cookie, 'GET', `/api/faxes/${faxId}/fhir`);
  expect(response.statusCode, response.body).toBe(200);
  return ZFaxFhirExports.parse(response.json());
};

/**
 * The fax's export once its tries have settled on `status`, read from its row (polling the route would meet the
 * portal's rate limit); its last error is in the failure's message.
 */
async function settled(faxId: string, status: 'sent' | 'failed', timeout = 30_000) {
  const row = async () => (await t.db.select().from(fhirExports).where(eq(fhirExports.faxId, faxId)))[0];
  await expect.poll(async () => (await row())?.status === status || (await row())?.lastError, { timeout, interval: 200 }).toBe(true);
}

/** The fax's timeline rows of its exports, oldest first. */
const exportAudit = (faxId: string) =>
  t.db
    .select({ action: auditEvents.action, outcome: auditEvents.outcome, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.objectId, faxId), eq(auditEvents.action, 'fax.fhir_export')))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));

describe('FHIR export (issue 37, item 6; decision 105)', () => {
  it('sends a classified referral to the FHIR server as a valid DocumentReference with its PDF, LOINC type and patient', async () => {
    const account = await createAccount(t, { owner: { name: 'Cardiology Front Desk' } });
    const cookie = await signIn(t.app, account.owner.email);
    expect((await call(cookie, 'PUT', '/api/account/fax-text', { readsFaxText: true })).statusCode).toBe(200);
    expect(ZFhirConnectionResponse.parse((await call(cookie, 'GET', '/api/account/fhir')).json())).toEqual({ connection: null });

    const saved = await connect(cookie, { authKind: 'bearer', baseUrl: `${sim.baseUrl}/`, token: TOKEN, sendAutomatically: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const { connection } = ZFhirConnectionResponse.parse(saved.json());
    // The trailing slash goes; the token is never shown back, and is kept sealed.
    expect(connection).toMatchObject({ baseUrl: sim.baseUrl, authKind: 'bearer', enabled: true, sendAutomatically: true });
    expect(saved.body).not.toContain(TOKEN);
    const [row] = await t.db.select().from(fhirConnections).where(eq(fhirConnections.accountId, account.id));
    expect(row!.secret).not.toContain(TOKEN);
    const tested = await call(cookie, 'POST', '/api/account/fhir/test');
    expect(tested.statusCode, tested.body).toBe(200);
    expect(ZFhirConnectionTest.parse(tested.json())).toEqual({ fhirVersion: '4.0.1', software: 'Faxline FHIR simulator 1.0' });

    // A referral arrives; it is read and classified, and fax.classified sends it on its own.
    const { fax, pdf } = await receivedFax(account.id, account.number!, 'referral-en');
    await settled(fax.id, 'sent', 120_000);
    const [classified] = await t.db.select({ documentClass: faxes.documentClass }).from(faxes).where(eq(faxes.id, fax.id));
    expect(classified!.documentClass).toBe('referral');

    const [exported] = (await exportsOf(cookie, fax.id)).exports;
    expect(exported).toMatchObject({
      status: 'sent',
      patientReference: 'Patient/p-ellison',
      patientToReview: false,
      attempts: 1,
      lastError: null,
    });
    const document = sim.documentReferences.get(exported!.resourceId!)!;
    expect(document).toBeDefined();
    // Valid against the official R4 schema (the simulator refused nothing), and the check is not one that passes all.
    expect(sim.schemaErrorsOf(document)).toEqual([]);
    expect(sim.schemaErrorsOf({ ...document, status: 'bogus', colour: 'blue' }).length).toBeGreaterThan(0);
    expect(document).toMatchObject({
      resourceType: 'DocumentReference',
      status: 'current',
      docStatus: 'final',
      masterIdentifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${fax.id}` },
      type: { coding: [{ system: 'http://loinc.org', code: '57133-1', display: 'Referral note' }] },
      subject: { reference: 'Patient/p-ellison' },
      author: [{ identifier: { system: 'http://hl7.org/fhir/sid/us-npi', value: '1234567893' } }],
    });
    const attachment = (document.content as { attachment: { contentType: string; data: string; size: number } }[])[0]!.attachment;
    expect(attachment.contentType).toBe('application/pdf');
    expect(Buffer.from(attachment.data, 'base64').equals(Buffer.from(pdf))).toBe(true);
    expect(attachment.size).toBe(pdf.length);

    // On the fax's timeline: the try that created it.
    expect(await exportAudit(fax.id)).toEqual([
      {
        action: 'fax.fhir_export',
        outcome: 'success',
        details: { resourceId: `DocumentReference/${exported!.resourceId}`, attempt: 1, patient: 'Patient/p-ellison' },
      },
    ]);
    // Sent again by a member: one DocumentReference per fax, nothing more is created.
    const again = await call(cookie, 'POST', `/api/faxes/${fax.id}/fhir`);
    expect(again.statusCode, again.body).toBe(202);
    expect(ZFaxFhirExports.parse(again.json()).exports).toHaveLength(1);
    expect([...sim.documentReferences.values()].filter((resource) => JSON.stringify(resource).includes(fax.id))).toHaveLength(1);
  }, 180_000);

  it('sends a fax the routing rules filed once read with its fax.received, its class known by then (decision 104)', async () => {
    const account = await createAccount(t, { owner: { name: 'Routed Referrals Desk' } });
    const cookie = await signIn(t.app, account.owner.email);
    expect((await call(cookie, 'PUT', '/api/account/fax-text', { readsFaxText: true })).statusCode).toBe(200);
    expect((await connect(cookie, { authKind: 'bearer', baseUrl: sim.baseUrl, token: TOKEN, sendAutomatically: true })).statusCode).toBe(200);
    const inbox = (await call(cookie, 'POST', '/api/inboxes', { name: 'Referrals', memberIds: [], numbers: [] })).json() as {
      inboxes: Array<{ id: string }>;
    };
    const rule = await call(cookie, 'POST', '/api/routing-rules', {
      name: 'Referrals',
      enabled: true,
      conditions: [{ kind: 'document_class', classes: ['referral'] }],
      actions: { inboxId: inbox.inboxes[0]!.id, assigneeId: null, labels: [], forwardTo: [], webhookId: null, junk: false },
    });
    expect(rule.statusCode, rule.body).toBe(200);

    // It lands unfiled; the rules read it, file it in Referrals, and its fax.received sends it (no fax.classified is said).
    const { fax } = await receivedFax(account.id, account.number!, 'referral-en', { filedAt: null });
    await settled(fax.id, 'sent', 120_000);
    const [filed] = await t.db.select({ inboxId: faxes.inboxId, filedAt: faxes.filedAt }).from(faxes).where(eq(faxes.id, fax.id));
    expect(filed).toMatchObject({ inboxId: inbox.inboxes[0]!.id, filedAt: expect.any(Date) });
    expect((await exportsOf(cookie, fax.id)).exports).toHaveLength(1);
  }, 180_000);

  it('a FHIR server answering 500 leaves a retry and an error on the timeline, the fax intact, and sends once it recovers', async () => {
    const account = await createAccount(t, { owner: { name: 'Lab Intake' } });
    const cookie = await signIn(t.app, account.owner.email);
    expect((await connect(cookie, { authKind: 'bearer', baseUrl: sim.baseUrl, token: TOKEN })).statusCode).toBe(200);
    // Classified already, and not by Faxline's reading: the member's click sends it. Its patient is not known there.
    const { fax } = await receivedFax(account.id, account.number!, 'lab-en', {
      documentClass: 'lab_result',
      classConfidence: 1,
      classifiedBy: 'member',
    });
    const [before] = await t.db.select().from(faxes).where(eq(faxes.id, fax.id));

    sim.failWith(500);
    const asked = await call(cookie, 'POST', `/api/faxes/${fax.id}/fhir`);
    expect(asked.statusCode, asked.body).toBe(202);
    await expect.poll(async () => (await exportAudit(fax.id)).length, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(2);
    const failures = await exportAudit(fax.id);
    expect(failures[0]).toMatchObject({
      outcome: 'failure',
      details: { attempt: 1, error: expect.stringContaining('HTTP 500'), nextTryAt: expect.any(String) },
    });
    expect(failures[1]).toMatchObject({ outcome: 'failure', details: { attempt: 2 } });
    const waiting = (await exportsOf(cookie, fax.id)).exports[0]!;
    expect(waiting).toMatchObject({ status: 'pending', resourceId: null });
    expect(waiting.lastError).toContain('simulated failure 500');
    // The fax is as it was: nothing of it is lost or changed by a failed export.
    const [after] = await t.db.select().from(faxes).where(eq(faxes.id, fax.id));
    expect(after).toEqual(before);

    sim.failWith(null);
    await settled(fax.id, 'sent', 60_000);
    const sent = (await exportsOf(cookie, fax.id)).exports[0]!;
    // No patient of that name and birth date on the server: filed without a subject, for review there.
    expect(sent).toMatchObject({ patientReference: null, patientToReview: true, lastError: null });
    const document = sim.documentReferences.get(sent.resourceId!)!;
    expect(document.subject).toBeUndefined();
    expect(document.type).toMatchObject({ coding: [{ code: '11502-2', display: 'Laboratory report' }] });
    const timeline = await exportAudit(fax.id);
    expect(timeline.at(-1)).toMatchObject({ outcome: 'success', details: { attempt: sent.attempts, patient: 'to review' } });
    expect(timeline.slice(0, -1).every((row) => row.outcome === 'failure')).toBe(true);
    // Who asked is on the timeline too.
    const [request] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, fax.id), eq(auditEvents.action, 'fax.fhir_export_request')));
    expect(request).toMatchObject({ actorUserId: account.owner.id, outcome: 'success', details: { queued: true } });
  }, 120_000);

  it('a 4xx with an OperationOutcome fails the export with its diagnostics, until a member sends it again', async () => {
    const account = await createAccount(t, { owner: { name: 'Records Desk' } });
    const cookie = await signIn(t.app, account.owner.email);
    expect((await connect(cookie, { authKind: 'bearer', baseUrl: sim.baseUrl, token: TOKEN })).statusCode).toBe(200);
    const { fax } = await receivedFax(account.id, account.number!, 'invoice-en', {
      documentClass: 'invoice',
      classConfidence: 0.9,
      classifiedBy: 'faxline',
    });
    sim.failWith(422);
    expect((await call(cookie, 'POST', `/api/faxes/${fax.id}/fhir`)).statusCode).toBe(202);
    await settled(fax.id, 'failed', 30_000);
    expect((await exportsOf(cookie, fax.id)).exports[0]).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('HTTP 422: simulated failure 422'),
    });
    expect(await exportAudit(fax.id)).toEqual([
      { action: 'fax.fhir_export', outcome: 'failure', details: { attempt: 1, error: expect.stringContaining('HTTP 422'), final: true } },
    ]);
    sim.failWith(null);
    expect((await call(cookie, 'POST', `/api/faxes/${fax.id}/fhir`)).statusCode).toBe(202);
    await settled(fax.id, 'sent', 30_000);
    const document = sim.documentReferences.get((await exportsOf(cookie, fax.id)).exports[0]!.resourceId!)!;
    expect(document.type).toMatchObject({ coding: [{ code: '51851-4' }], text: 'Invoice' });
  }, 60_000);

  it('an export whose tries were lost says so, and a member sends it on from its next try', async () => {
    const account = await createAccount(t, { owner: { name: 'Night Desk' } });
    const cookie = await signIn(t.app, account.owner.email);
    expect((await connect(cookie, { authKind: 'bearer', baseUrl: sim.baseUrl, token: TOKEN })).statusCode).toBe(200);
    const { fax } = await receivedFax(account.id, account.number!, 'lab-en', {
      documentClass: 'lab_result',
      classConfidence: 1,
      classifiedBy: 'member',
    });
    // Two tries made, and the third never came (its job lost): nothing has happened for longer than any wait.
    await t.db.insert(fhirExports).values({
      faxId: fax.id,
      accountId: account.id,
      attempts: 2,
      lastError: 'HTTP 503',
      updatedAt: new Date(Date.now() - 8 * 3600_000),
    });
    expect((await exportsOf(cookie, fax.id)).exports[0]).toMatchObject({ status: 'pending', stalled: true });
    expect((await call(cookie, 'POST', `/api/faxes/${fax.id}/fhir`)).statusCode).toBe(202);
    await settled(fax.id, 'sent');
    expect(await exportAudit(fax.id)).toEqual([
      { action: 'fax.fhir_export', outcome: 'success', details: expect.objectContaining({ attempt: 3, patient: 'to review' }) },
    ]);
    expect((await exportsOf(cookie, fax.id)).exports[0]).toMatchObject({ status: 'sent', stalled: false, attempts: 3 });
  }, 60_000);

  it('signs in with SMART Backend Services: a signed client assertion for a token, then the export', async () => {
    const account = await createAccount(t, { owner: { name: 'Neurology Intake' } });
    const cookie = await signIn(t.app, account.owner.email);
    const saved = await connect(cookie, {
      authKind: 'smart_backend',
      baseUrl: sim.baseUrl,
      clientId: 'faxline-client',
      tokenUrl: sim.tokenUrl,
      privateKey: smartKey.privateJwk,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZFhirConnectionResponse.parse(saved.json()).connection).toMatchObject({
      authKind: 'smart_backend',
      algorithm: 'ES384',
      keyId: 'faxline-test-key',
    });
    expect(saved.body).not.toContain('"d"');
    const smartTest = await call(cookie, 'POST', '/api/account/fhir/test');
    expect(smartTest.statusCode, smartTest.body).toBe(200);

    // Saved again without the key: the one kept stays.
    const resaved = await connect(cookie, {
      authKind: 'smart_backend',
      baseUrl: sim.baseUrl,
      clientId: 'faxline-client',
      tokenUrl: sim.tokenUrl,
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    const { fax } = await receivedFax(account.id, account.number!, 'referral-en', {
      documentClass: 'referral',
      classConfidence: 1,
      classifiedBy: 'member',
    });
    const tokensBefore = sim.requests.filter((request) => request.path === '/auth/token' && request.status === 200).length;
    expect((await call(cookie, 'POST', `/api/faxes/${fax.id}/fhir`)).statusCode).toBe(202);
    await settled(fax.id, 'sent', 30_000);
    expect(sim.requests.filter((request) => request.path === '/auth/token' && request.status === 200).length).toBeGreaterThan(tokensBefore);

    // Another client's key is refused by the token endpoint, and the test says so in the member's language.
    const { privateKey } = await generateKeyPair('ES384', { extractable: true });
    const stranger = JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'faxline-test-key' });
    expect(
      (
        await connect(cookie, {
          authKind: 'smart_backend',
          baseUrl: sim.baseUrl,
          clientId: 'faxline-client',
          tokenUrl: sim.tokenUrl,
          privateKey: stranger,
        })
      ).statusCode,
    ).toBe(200);
    const refused = await call(cookie, 'POST', '/api/account/fhir/test', undefined, 'fr');
    expect(refused.statusCode).toBe(422);
    expect(ZApiError.parse(refused.json()).error).toMatchObject({
      code: 'fhir.tokenRefused',
      message: expect.stringMatching(/^Le serveur d'autorisation n'a donné aucun jeton/),
    });
  }, 60_000);

  it('a PDF over 1 MiB goes first as a Binary, which the DocumentReference refers to', async () => {
    const account = await createAccount(t, { owner: { name: 'Imaging Desk' } });
    const cookie = await signIn(t.app, account.owner.email);
    expect((await connect(cookie, { authKind: 'bearer', baseUrl: sim.baseUrl, token: TOKEN })).statusCode).toBe(200);
    // A long fax: its PDF of record, past INLINE_PDF_MAX_BYTES (random bytes attached, so nothing compresses them).
    const large = await PDFDocument.create();
    large.addPage();
    await large.attach(randomBytes(INLINE_PDF_MAX_BYTES + 100_000), 'scan.bin', { mimeType: 'application/octet-stream' });
    const pdf = await large.save();
    const stored = await t.files.put(pdf);
    const fax = await createFax(t, {
      accountId: account.id,
      status: 'received',
      toNumber: account.number!,
      fromNumber: '+15035550148',
      documentKey: stored.key,
      documentClass: 'medical_records_request',
      classConfidence: 1,
      classifiedBy: 'member',
    });
    expect((await call(cookie, 'POST', `/api/faxes/${fax.id}/fhir`)).statusCode).toBe(202);
    await settled(fax.id, 'sent');
    const [row] = await t.db.select().from(fhirExports).where(eq(fhirExports.faxId, fax.id));
    const binary = sim.binaries.get(row!.binaryId!)!;
    expect(Buffer.from(binary.data as string, 'base64').equals(Buffer.from(pdf))).toBe(true);
    const document = sim.documentReferences.get(row!.resourceId!)!;
    expect((document.content as { attachment: object }[])[0]!.attachment).toMatchObject({
      contentType: 'application/pdf',
      url: `Binary/${row!.binaryId}`,
      size: pdf.length,
      hash: createHash('sha1').update(pdf).digest('base64'),
    });
    expect(document.type).toMatchObject({ coding: [{ code: '51851-4' }], text: 'Medical records request' });
  }, 60_000);

  it('refuses bad input with a translated message, and keeps the connection to the owner and sub-admins', async () => {
    const account = await createAccount(t, { owner: { name: 'Owner' }, members: [{ role: 'user', name: 'Front Desk User' }] });
    const ownerCookie = await signIn(t.app, account.owner.email);
    const userCookie = await signIn(t.app, account.members[0]!.email);

    const notUrl = await call(ownerCookie, 'PUT', '/api/account/fhir', { authKind: 'bearer', baseUrl: 'not a url', token: TOKEN }, 'es');
    expect(notUrl.statusCode).toBe(400);
    expect(ZApiError.parse(notUrl.json()).error.message).toContain('La URL no es una dirección web válida');
    const noToken = await call(ownerCookie, 'PUT', '/api/account/fhir', { authKind: 'bearer', baseUrl: sim.baseUrl }, 'fr');
    expect(noToken.statusCode).toBe(400);
    expect(ZApiError.parse(noToken.json()).error).toMatchObject({
      code: 'fhir.tokenRequired',
      message: "Veuillez saisir le jeton d'accès.",
    });
    const badKey = await call(ownerCookie, 'PUT', '/api/account/fhir', {
      authKind: 'smart_backend',
      baseUrl: sim.baseUrl,
      clientId: 'x',
      tokenUrl: sim.tokenUrl,
      privateKey: '{"kty":"oct","k":"c2VjcmV0"}',
    });
    expect(badKey.statusCode).toBe(400);
    expect(ZApiError.parse(badKey.json()).error.code).toBe('fhir.privateKeyInvalid');
    const badKind = await call(ownerCookie, 'PUT', '/api/account/fhir', { authKind: 'basic', baseUrl: sim.baseUrl });
    expect(badKind.statusCode).toBe(400);
    expect(await t.db.select().from(fhirConnections).where(eq(fhirConnections.accountId, account.id))).toEqual([]);
    // Not connected: nothing to test, nothing to send.
    expect((await call(ownerCookie, 'POST', '/api/account/fhir/test')).statusCode).toBe(404);

    // A User neither sees nor changes the connection.
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(
        userCookie,
        method,
        '/api/account/fhir',
        method === 'PUT' ? { authKind: 'bearer', baseUrl: sim.baseUrl, token: TOKEN } : undefined,
      );
      expect(response.statusCode, `${method} ${response.body}`).toBe(403);
    }
    expect((await call(userCookie, 'POST', '/api/account/fhir/test')).statusCode).toBe(403);
    expect((await connect(ownerCookie, { authKind: 'bearer', baseUrl: sim.baseUrl, token: TOKEN })).statusCode).toBe(200);
    // The kept token goes nowhere else: another address needs it typed again.
    const elsewhere = await connect(ownerCookie, { authKind: 'bearer', baseUrl: `${sim.baseUrl}/elsewhere` });
    expect(elsewhere.statusCode).toBe(400);
    expect(ZApiError.parse(elsewhere.json()).error).toMatchObject({ code: 'fhir.secretForNewAddress', issues: [{ path: 'body.token' }] });
    expect((await connect(ownerCookie, { authKind: 'bearer', baseUrl: sim.baseUrl, enabled: true })).statusCode).toBe(200);

    // A User may send a received fax of the account, but not a fax sent by the owner, which they may not see (404).
    const { fax: received } = await receivedFax(account.id, account.number!, 'referral-en', {
      documentClass: 'referral',
      classConfidence: 1,
      classifiedBy: 'member',
    });
    const ownersFax = await createFax(t, { accountId: account.id, userId: account.owner.id, status: 'delivered' });
    expect((await call(userCookie, 'POST', `/api/faxes/${ownersFax.id}/fhir`)).statusCode).toBe(404);
    expect((await call(userCookie, 'GET', `/api/faxes/${ownersFax.id}/fhir`)).statusCode).toBe(404);
    const sent = await call(userCookie, 'POST', `/api/faxes/${received.id}/fhir`);
    expect(sent.statusCode, sent.body).toBe(202);
    // Of another account: not found either.
    const other = await createAccount(t);
    expect((await call(await signIn(t.app, other.owner.email), 'POST', `/api/faxes/${received.id}/fhir`)).statusCode).toBe(404);
    // The owner's own sent fax is not a received document: refused, in words.
    const notReceived = await call(ownerCookie, 'POST', `/api/faxes/${ownersFax.id}/fhir`);
    expect(notReceived.statusCode).toBe(422);
    expect(ZApiError.parse(notReceived.json()).error.code).toBe('fhir.faxNotExportable');

    // Disconnected by the owner: the fax's export stays as the record of what was sent.
    await settled(received.id, 'sent', 30_000);
    expect((await call(ownerCookie, 'DELETE', '/api/account/fhir')).statusCode).toBe(204);
    expect(await exportsOf(ownerCookie, received.id)).toMatchObject({ canSend: false, exports: [{ status: 'sent' }] });
  }, 60_000);
});
