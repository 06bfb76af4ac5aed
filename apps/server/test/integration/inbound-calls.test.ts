import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SYSTEM_SETTINGS, ZApiError, ZBlocklist, ZFaxDetails, type TSystemSettingsValues } from '@faxline/shared';
import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { renderFaxImage } from '../../src/documents/fax-image/render-fax-image';
import { faxInboundCalls } from '../../src/faxes/receive-call';
import { faxes } from '../../src/faxes/schema';
import { callThroughSandbox, startSandboxExchange } from '../../src/lines/sandbox-exchange';
import { sendFaxRequest } from '../support/faxes';
import { adminSession, callApi, openTestApp, signIn, type TestApp } from '../support/test-app';
import { testLogger } from '../support/test-database';

// A remote fax machine calls a Faxline number through the sandbox's exchange; Faxline answers
// with its own spandsp receiver and the fax lands in the inbox. A blocked caller's call is rejected and nothing is
// stored; a blocked number is refused as a recipient too.
let t: TestApp;
let dir: string;
let socketPath: string;
let exchange: { stop: () => Promise<void> };
let tiffPath: string;
let admin: string;

beforeAll(async () => {
  t = await openTestApp({ work: false });
  dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-inbound-test-'));
  socketPath = path.join(dir, 'exchange.sock');
  exchange = await startSandboxExchange({
    calls: faxInboundCalls({ db: t.db, files: t.files }),
    faxModemPath: t.config.faxModemPath,
    socketPath,
    logger: testLogger,
  });
  tiffPath = path.join(dir, 'call.tif');
  await writeFile(tiffPath, (await renderFaxImage(await makePdf(3), 'fine')).tiff);
  admin = (await adminSession(t)).cookie;
}, 120_000);
afterAll(async () => {
  await exchange?.stop();
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (to: string, from?: string, transport: 'audio' | 't38' = 'audio') =>
  callThroughSandbox({ socketPath, faxModemPath: t.config.faxModemPath, setup: { to, from, transport }, tiffPath, ident: 'ACME CLINIC' });

const inboxSize = async (accountId: string) => (await t.db.select({ n: count() }).from(faxes).where(eq(faxes.accountId, accountId)))[0]!.n;

async function customer() {
  const account = await createAccount(t);
  return { ...account, cookie: await signIn(t.app, account.owner.email) };
}

describe('an inbound call through the sandbox', () => {
  it('lands in the inbox as a PDF with its pages, the caller, its station id and the T.30 facts', async () => {
    const { number, cookie } = await customer();
    const { result, sender } = await call(number!, '+15557654321');
    expect(sender?.end).toMatchObject({ completion: 0, pages: 3 });
    expect(result).toMatchObject({ event: 'stored', pages: 3 });
    const faxId = (result as { faxId: string }).faxId;

    const details = ZFaxDetails.parse((await callApi(t.app, 'GET', `/api/faxes/${faxId}`, { cookie })).json());
    expect(details).toMatchObject({
      direction: 'inbound',
      status: 'received',
      pages: 3,
      fromNumber: '+15557654321',
      toNumber: number,
      senderName: 'ACME CLINIC',
      quality: 'fine',
      hasDocument: true,
      hasThumbnail: true,
    });
    expect(details.attempts).toHaveLength(1);
    expect(details.attempts[0]!.call).toMatchObject({
      bitRate: 14_400,
      ecm: true,
      resolution: 'fine',
      remoteIdent: 'ACME CLINIC',
      completionCode: 0,
    });

    const pdf = await callApi(t.app, 'GET', `/api/faxes/${faxId}/document`, { cookie });
    expect(pdf.statusCode).toBe(200);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(3);
  }, 60_000);

  it('works over T.38 as well', async () => {
    const { number } = await customer();
    const { result } = await call(number!, '+15557654321', 't38');
    expect(result).toMatchObject({ event: 'stored', pages: 3 });
  }, 60_000);

  it('is rejected for a number no account holds, and for a setup that is not one', async () => {
    expect((await call('+15550109999')).result).toEqual({ event: 'rejected', reason: 'unknown_number' });
    const { result } = await callThroughSandbox({
      socketPath,
      faxModemPath: t.config.faxModemPath,
      setup: { to: 'not a number' },
      tiffPath,
    });
    expect(result).toEqual({ event: 'rejected', reason: 'invalid' });
  });
});

describe("the account's blocklist", () => {
  it('rejects calls from a blocked number or prefix before anything is stored; others still land', async () => {
    const { id, number, cookie } = await customer();
    const added = await callApi(t.app, 'POST', '/api/blocklist', { cookie, payload: { prefix: '+1 888 555', note: 'Junk: toner offers' } });
    expect(added.statusCode, added.body).toBe(200);
    expect(ZBlocklist.parse(added.json()).entries).toEqual([expect.objectContaining({ prefix: '+1888555', note: 'Junk: toner offers' })]);

    expect((await call(number!, '+18885550123')).result).toEqual({ event: 'rejected', reason: 'blocked' });
    expect(await inboxSize(id)).toBe(0);
    expect((await call(number!, '+18885560123')).result).toMatchObject({ event: 'stored' });
    expect(await inboxSize(id)).toBe(1);
  }, 60_000);

  it('refuses a blocked number as a recipient, with its message, storing nothing', async () => {
    const { id, cookie } = await customer();
    await callApi(t.app, 'POST', '/api/blocklist', { cookie, payload: { prefix: '+12025550143' } });
    for (const [language, text] of [
      ['en', "+12025550143 is on your account's blocklist (+12025550143). Remove it from the blocklist in Settings to fax it."],
      [
        'fr',
        'Le +12025550143 est dans la liste de blocage de votre compte (+12025550143). Retirez-le de la liste de blocage dans Paramètres pour lui envoyer une télécopie.',
      ],
    ] as const) {
      const response = await sendFaxRequest(
        t.app,
        cookie,
        { recipientNumber: '+12025550143', faxQuality: 'fine' },
        [{ name: 'a.pdf', bytes: await makePdf(1) }],
        { 'accept-language': language },
      );
      expect(response.statusCode).toBe(400);
      expect(ZApiError.parse(response.json()).error.message).toBe(text);
    }
    expect(await inboxSize(id)).toBe(0);
  });

  it('is kept by owners and sub-admins only, validated, without doubles; an entry of another account is not found', async () => {
    const { cookie } = await customer();
    const user = await createAccount(t, { members: [{ role: 'user' }] });
    const userCookie = await signIn(t.app, user.members[0]!.email);
    expect((await callApi(t.app, 'GET', '/api/blocklist', { cookie: userCookie })).statusCode).toBe(403);
    expect((await callApi(t.app, 'POST', '/api/blocklist', { cookie: userCookie, payload: { prefix: '+1888' } })).statusCode).toBe(403);

    const bad = await callApi(t.app, 'POST', '/api/blocklist', { cookie, payload: { prefix: '1-888' }, language: 'es' });
    expect(bad.statusCode).toBe(400);
    expect(ZApiError.parse(bad.json()).error.message).toContain('formato internacional');
    expect((await callApi(t.app, 'POST', '/api/blocklist', { cookie, payload: { prefix: '+1888' } })).statusCode).toBe(200);
    const twice = await callApi(t.app, 'POST', '/api/blocklist', { cookie, payload: { prefix: '+1 888' } });
    expect(twice.statusCode).toBe(409);

    const [entry] = ZBlocklist.parse((await callApi(t.app, 'GET', '/api/blocklist', { cookie })).json()).entries;
    const other = await customer();
    expect((await callApi(t.app, 'DELETE', `/api/blocklist/${entry!.id}`, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await callApi(t.app, 'DELETE', `/api/blocklist/${entry!.id}`, { cookie })).statusCode).toBe(200);
    expect(ZBlocklist.parse((await callApi(t.app, 'GET', '/api/blocklist', { cookie })).json()).entries).toEqual([]);
  });
});

describe("the platform's list of blocked callers", () => {
  const saveSettings = async (values: Partial<TSystemSettingsValues>) => {
    const response = await callApi(t.app, 'PUT', '/api/admin/settings', {
      cookie: admin,
      payload: { values: { ...DEFAULT_SYSTEM_SETTINGS, ...values }, secrets: {} },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('rejects their calls for every account', async () => {
    const { id, number } = await customer();
    await saveSettings({ blockedCallerPrefixes: '+1900\n+1777' });
    try {
      expect((await call(number!, '+17775550100')).result).toEqual({ event: 'rejected', reason: 'blocked' });
      expect(await inboxSize(id)).toBe(0);
    } finally {
      await saveSettings({});
    }
  });
});
