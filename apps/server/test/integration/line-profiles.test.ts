import { SANDBOX_TEST_NUMBERS, ZFaxDetails, ZLineProfileResponse, ZSendFaxResponse } from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { createAccount } from '@test-support/factories/accounts';
import { eq } from 'drizzle-orm';
import { renderFaxImage } from '../../src/documents/fax-image/render-fax-image';
import { recordCallToProfile } from '../../src/line-profiles/record-call';
import { lineProfiles } from '../../src/line-profiles/schema';
import type { CallOutcome } from '../../src/lines/fax-line';
import { callSandbox } from '../../src/lines/sandbox-line';
import { auditPage } from '../support/admin-audit';
import { sendFaxRequest } from '../support/faxes';
import { adminSession, openTestApp, signIn, type TestApp } from '../support/test-app';

// Issue 40 in the engine (decision 120): the wrong-station check before page 1, the two new test numbers (a remote that
// cannot train at V.17, one that hangs up before confirming the last page) and the learned line settings they feed.
let t: TestApp;
const images: Record<1 | 2, Uint8Array> = {} as never;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
  for (const pages of [1, 2] as const) images[pages] = (await renderFaxImage(await makePdf(pages), 'fine')).tiff;
}, 120_000);
afterAll(() => t.close());

const call = (
  toNumber: string,
  pages: 1 | 2,
  extra: { expectedStationId?: string; start?: { modems: ('v17' | 'v29' | 'v27ter')[]; ecm: boolean } } = {},
) =>
  callSandbox({
    fax: { toNumber, pages, expectedStationId: extra.expectedStationId ?? null },
    image: images[pages],
    plan: { attempt: 1, firstPage: 1, ...(extra.start ? { start: extra.start } : {}) },
    faxModemPath: t.config.faxModemPath,
    clockScale: 0,
  });

describe('the wrong-station check in the engine', () => {
  it('hangs up before page 1 when the remote announces another station id: no page reaches the remote', async () => {
    const outcome = await call(SANDBOX_TEST_NUMBERS.delivers, 2, { expectedStationId: '+1 555 0100 999' });
    expect(outcome).toMatchObject({ result: 'wrong_station', pagesSent: 0, remotePagesReceived: 0 });
    expect(outcome.call).toMatchObject({ remoteIdent: SANDBOX_TEST_NUMBERS.delivers, completionCode: 51, bitRate: null, ecm: null });
    expect(outcome.detail).toContain(`"${SANDBOX_TEST_NUMBERS.delivers}"`);
  }, 30_000);

  it('delivers when the announced id is the expected one written with other spaces, dashes and case', async () => {
    const outcome = await call(SANDBOX_TEST_NUMBERS.delivers, 2, { expectedStationId: ' 1-555-010-0000 ' });
    expect(outcome).toMatchObject({ result: 'delivered', pagesSent: 2, remotePagesReceived: 2 });
  }, 30_000);
});

describe('the new sandbox test numbers', () => {
  it('fails on the line at V.17, and delivers at V.29 when the call starts there', async () => {
    const v17 = await call(SANDBOX_TEST_NUMBERS.fails_v17_training, 1);
    expect(v17).toMatchObject({ result: 'line_quality', pagesSent: 0, remotePagesReceived: 0 });
    expect(v17.session).toEqual({ transport: 'audio', modem: 'v17', trainingFailed: true });
    const v29 = await call(SANDBOX_TEST_NUMBERS.fails_v17_training, 1, { start: { modems: ['v29', 'v27ter'], ecm: true } });
    expect(v29).toMatchObject({ result: 'delivered', pagesSent: 1, call: { bitRate: 9_600 }, session: { modem: 'v29' } });
  }, 30_000);

  it('is uncertain, never delivered, when the remote hangs up before confirming the last page (1 page and 2)', async () => {
    const one = await call(SANDBOX_TEST_NUMBERS.drops_before_confirmation, 1);
    expect(one).toMatchObject({ result: 'uncertain', pagesSent: 0, remotePagesReceived: 1 });
    const two = await call(SANDBOX_TEST_NUMBERS.drops_before_confirmation, 2);
    expect(two).toMatchObject({ result: 'uncertain', pagesSent: 1, remotePagesReceived: 2 });
  }, 30_000);
});

describe('the learned line settings of a destination', () => {
  it('delivers on the second attempt at a lower speed, then starts there: the third fax goes on its first attempt', async () => {
    const { owner } = await createAccount(t);
    const cookie = await signIn(t.app, owner.email);
    const send = async () => {
      const response = await sendFaxRequest(
        t.app,
        cookie,
        { recipientNumber: SANDBOX_TEST_NUMBERS.fails_v17_training, faxQuality: 'fine' },
        [{ name: 'a.pdf', bytes: await makePdf(1) }],
      );
      expect(response.statusCode, response.body).toBe(202);
      const { faxId } = ZSendFaxResponse.parse(response.json());
      const details = async () =>
        ZFaxDetails.parse((await t.app.inject({ method: 'GET', url: `/api/faxes/${faxId}`, headers: { cookie } })).json());
      await expect.poll(async () => (await details()).status, { timeout: 60_000, interval: 100 }).toBe('delivered');
      return (await details()).attempts.map((attempt) => [attempt.result, attempt.call?.bitRate]);
    };
    expect(await send()).toEqual([
      ['line_quality', 14_400],
      ['delivered', 9_600],
    ]);
    expect(await send()).toEqual([['delivered', 9_600]]);
    expect(await send()).toEqual([['delivered', 9_600]]);

    // The back office sees the profile and resets it (audited); the next call would start at V.17 again.
    const admin = await adminSession(t);
    const profileOf = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/line-profiles?number=${encodeURIComponent(SANDBOX_TEST_NUMBERS.fails_v17_training)}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return ZLineProfileResponse.parse(response.json()).profile;
    };
    expect(await profileOf()).toMatchObject({
      startModem: 'v29',
      startEcm: true,
      ecm: 'works',
      bestBitRate: 9_600,
      trainingFailures: 1,
      transport: 'audio',
      lastDeliveredLine: 'sandbox',
      calls: 4,
      deliveries: 3,
      failures: 1,
    });
    const reset = (cookieOf: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/line-profiles/reset',
        headers: { cookie: cookieOf, origin: new URL(t.config.publicUrl).origin },
        payload: { number: SANDBOX_TEST_NUMBERS.fails_v17_training },
      });
    expect((await reset(cookie)).statusCode).toBe(403); // an account owner is not an admin
    expect((await reset(admin.cookie)).json()).toEqual({ reset: true });
    expect(await profileOf()).toBeNull();
    expect((await reset(admin.cookie)).statusCode).toBe(404);
    const audit = await auditPage(t.app, admin.cookie, '?action=line_profile.reset');
    expect(audit.events.map((event) => [event.action, event.objectId])).toEqual([
      ['line_profile.reset', SANDBOX_TEST_NUMBERS.fails_v17_training],
    ]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/line-profiles?number=12', headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
  }, 120_000);
});

describe('a call learned into its number profile', () => {
  const delivered = (bitRate: number): CallOutcome => ({
    result: 'delivered',
    pagesSent: 1,
    firstPage: 1,
    durationMs: 1_000,
    call: {
      bitRate,
      ecm: true,
      resolution: 'fine',
      compression: 'T.6',
      remoteIdent: null,
      ecmRetransmissions: 0,
      completionCode: 0,
      completionText: 'OK',
    },
  });
  const profileRow = async (toNumber: string) =>
    (await t.db.select().from(lineProfiles).where(eq(lineProfiles.toNumber, toNumber)))[0] ?? null;

  it('counts every call, also those that end while another to the number was being learned (the profile seen is stale), and keeps a reset', async () => {
    const toNumber = '+15550107001';
    // New: made from what the call showed.
    await recordCallToProfile(t.db, { toNumber, line: 'sandbox', outcome: delivered(9_600) }, null);
    const first = await profileRow(toNumber);
    expect(first).toMatchObject({ calls: 1, deliveries: 1, bestBitRate: 9_600, ecm: 'works', lastDeliveredLine: 'sandbox' });
    // As seen: written from it.
    await recordCallToProfile(t.db, { toNumber, line: 'carrier', outcome: delivered(14_400) }, first);
    expect(await profileRow(toNumber)).toMatchObject({ calls: 2, deliveries: 2, bestBitRate: 14_400, lastDeliveredLine: 'carrier' });
    // Two calls that both saw the first state: the second learns from the profile as the first left it.
    await recordCallToProfile(t.db, { toNumber, line: 'sandbox', outcome: delivered(7_200) }, first);
    expect(await profileRow(toNumber)).toMatchObject({ calls: 3, deliveries: 3, bestBitRate: 14_400, lastDeliveredLine: 'sandbox' });
    // A call that saw no profile while another made one: counted on top of it.
    const other = '+15550107002';
    await recordCallToProfile(t.db, { toNumber: other, line: 'sandbox', outcome: delivered(9_600) }, null);
    await recordCallToProfile(
      t.db,
      { toNumber: other, line: 'sandbox', outcome: { ...delivered(4_800), result: 'busy', pagesSent: 0 } },
      null,
    );
    expect(await profileRow(other)).toMatchObject({ calls: 2, deliveries: 1, failures: 1, bestBitRate: 9_600, lastResult: 'busy' });
    // A call that read the profile just before the back office reset it: learned into a new profile, the reset kept.
    const before = await profileRow(toNumber);
    await t.db.delete(lineProfiles).where(eq(lineProfiles.toNumber, toNumber));
    await recordCallToProfile(t.db, { toNumber, line: 'sandbox', outcome: delivered(4_800) }, before);
    expect(await profileRow(toNumber)).toMatchObject({ calls: 1, deliveries: 1, bestBitRate: 4_800, lastDeliveredLine: 'sandbox' });
  });
});
