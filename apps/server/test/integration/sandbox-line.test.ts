import { watch } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { faxHeaderTime, SANDBOX_TEST_NUMBERS, ZFaxDetails, ZSendFaxResponse } from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { createAccount } from '@test-support/factories/accounts';
import { readTiffPages } from '../../src/documents/fax-image/fax-tiff';
import { renderFaxImage } from '../../src/documents/fax-image/render-fax-image';
import { callSandbox } from '../../src/lines/sandbox-line';
import { faxAttempts, faxes } from '../../src/faxes/schema';
import { readTopOfPage } from '../support/ocr';
import { eq } from 'drizzle-orm';
import { ecmV17CallMs } from '../../src/lines/t30/line-time';
import { sendFaxRequest } from '../support/faxes';
import { openTestApp, signIn, type TestApp } from '../support/test-app';

// Every sandbox fax crosses T.30 to a spandsp receiver playing the remote machine, and each test
// number's outcome is what the protocol says.
let t: TestApp;
const images: Record<1 | 2 | 3, { tiff: Uint8Array; pageBytes: number[] }> = {} as never;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
  for (const pages of [1, 2, 3] as const) {
    const image = await renderFaxImage(await makePdf(pages), 'fine');
    images[pages] = {
      tiff: image.tiff,
      pageBytes: readTiffPages(image.tiff).map((page) => page.strips.reduce((sum, strip) => sum + strip.length, 0)),
    };
  }
}, 180_000);
afterAll(() => t.close());

const call = (toNumber: string, pages: 1 | 2 | 3, attempt = 1, clockScale = 0, firstPage = 1) =>
  callSandbox({
    fax: { toNumber, pages },
    image: images[pages].tiff,
    plan: { attempt, firstPage },
    faxModemPath: t.config.faxModemPath,
    clockScale,
  });

describe('the sandbox line over T.30', () => {
  it('delivers every page to a healthy fax machine over T.38 at V.17 with ECM, in the protocol line time', async () => {
    for (const toNumber of [SANDBOX_TEST_NUMBERS.delivers, '+442079460958']) {
      const outcome = await call(toNumber, 3);
      expect(outcome).toMatchObject({ result: 'delivered', pagesSent: 3, firstPage: 1, remotePagesReceived: 3 });
      expect(outcome.session).toEqual({ transport: 't38', modem: 'v17', trainingFailed: false });
      expect(outcome.detail).toContain('14400 bit/s, ECM on');
      expect(outcome.call).toEqual({
        bitRate: 14_400,
        ecm: true,
        resolution: 'fine',
        compression: 'T.6',
        remoteIdent: toNumber,
        ecmRetransmissions: 0,
        completionCode: 0,
        completionText: 'OK',
      });
      // The call's time is the sender's: until it puts the line down. spandsp's T.38 terminals pace each signal in
      // 30 ms packets and the sender's clock runs on through its final pause, so the call comes out a few per cent
      // above the protocol's time (over audio within 5 % of it, t30-audio.test.ts), never under it.
      const protocolMs = ecmV17CallMs(images[3].pageBytes);
      expect(outcome.durationMs! / protocolMs).toBeGreaterThan(1);
      expect(outcome.durationMs! / protocolMs).toBeLessThan(1.08);
    }
  }, 60_000);

  it('keeps busy a call result: no call is made', async () => {
    expect(await call(SANDBOX_TEST_NUMBERS.busy, 2)).toEqual({ result: 'busy', pagesSent: 0, firstPage: 1, durationMs: 2_000 });
  });

  it('gives no answer when nobody picks up: T0 runs out, in line time', async () => {
    const outcome = await call(SANDBOX_TEST_NUMBERS.no_answer, 2);
    expect(outcome).toMatchObject({ result: 'no_answer', pagesSent: 0, call: undefined });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(55_000);
    expect(outcome.durationMs).toBeLessThanOrEqual(65_000);
  }, 30_000);

  it('finds no fax machine where a telephone answers, without a fax tone', async () => {
    const outcome = await call(SANDBOX_TEST_NUMBERS.not_a_fax_machine, 2);
    expect(outcome).toMatchObject({ result: 'not_a_fax_machine', pagesSent: 0, call: { completionCode: 2, bitRate: null, ecm: null } });
  }, 30_000);

  it('delivers half the pages when the remote answers the next with DCN; a 1-page fax fails on the line', async () => {
    expect(await call(SANDBOX_TEST_NUMBERS.partial_delivery, 3)).toMatchObject({ result: 'partially_delivered', pagesSent: 1 });
    const two = await call(SANDBOX_TEST_NUMBERS.partial_delivery, 2);
    expect(two).toMatchObject({ result: 'partially_delivered', pagesSent: 1 });
    expect(two.detail).toContain('DCN');
    expect(two.call?.completionCode).toBe(15);
    expect(await call(SANDBOX_TEST_NUMBERS.partial_delivery, 1)).toMatchObject({ result: 'line_quality', pagesSent: 0 });
  }, 60_000);

  it('delivers at 9,600 bit/s without ECM when the remote offers only V.29', async () => {
    const outcome = await call(SANDBOX_TEST_NUMBERS.slow_no_ecm, 3);
    expect(outcome).toMatchObject({ result: 'delivered', pagesSent: 3, call: { bitRate: 9_600, ecm: false, ecmRetransmissions: null } });
    // An older machine on an audio line.
    expect(outcome.session).toEqual({ transport: 'audio', modem: 'v29', trainingFailed: false });
    expect(outcome.detail).toContain('9600 bit/s, ECM off');
  }, 60_000);

  it('drops the call on page 2 on the first try only', async () => {
    expect(await call(SANDBOX_TEST_NUMBERS.drops_first_try, 3, 1)).toMatchObject({
      result: 'line_quality',
      pagesSent: 1,
      call: { completionCode: 49 },
    });
    expect(await call(SANDBOX_TEST_NUMBERS.drops_first_try, 3, 2)).toMatchObject({ result: 'delivered', pagesSent: 3 });
    // Resumed from page 2, the second try carries pages 2 and 3 only, and they are the rendered ones.
    expect(await call(SANDBOX_TEST_NUMBERS.drops_first_try, 3, 2, 0, 2)).toMatchObject({ result: 'delivered', pagesSent: 2, firstPage: 2 });
    // A fax of 1 page has no page 2.
    expect(await call(SANDBOX_TEST_NUMBERS.drops_first_try, 1, 1)).toMatchObject({ result: 'delivered', pagesSent: 1 });
  }, 60_000);

  it('takes the line time scaled by the fax clock in wall time, and leaves no files behind', async () => {
    // A temporary folder of this call's own: other test files send sandbox faxes at the same time.
    const ownTemp = await mkdtemp(path.join(os.tmpdir(), 'sandbox-line-test-'));
    const made: string[] = [];
    const watcher = watch(ownTemp, (_event, name) => void (name && made.push(name)));
    const systemTemp = process.env.TMPDIR;
    process.env.TMPDIR = ownTemp;
    const started = performance.now();
    const outcome = await call(SANDBOX_TEST_NUMBERS.delivers, 1, 1, 0.05).finally(() => {
      if (systemTemp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = systemTemp;
    });
    const wallMs = performance.now() - started;
    expect(outcome.result).toBe('delivered');
    expect(wallMs).toBeGreaterThanOrEqual(outcome.durationMs! * 0.05 - 5);
    expect(wallMs).toBeLessThan(outcome.durationMs! * 0.05 + 2_000);
    const left = await readdir(ownTemp);
    watcher.close();
    await rm(ownTemp, { recursive: true, force: true });
    // The call worked there (its folder came and went), and left nothing.
    expect(made.some((name) => name.startsWith('faxline-sandbox-'))).toBe(true);
    expect(left).toEqual([]);
  }, 30_000);
});

describe('a fax to the number that drops on page 2 the first time', () => {
  it('is a line error on its first attempt, retried by the policy, and delivered on the second with only the missing pages', async () => {
    const { owner } = await createAccount(t);
    const cookie = await signIn(t.app, owner.email);
    const response = await sendFaxRequest(t.app, cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.drops_first_try, faxQuality: 'fine' }, [
      { name: 'a.pdf', bytes: await makePdf(3) },
    ]);
    expect(response.statusCode, response.body).toBe(202);
    const { faxId } = ZSendFaxResponse.parse(response.json());
    const details = async () =>
      ZFaxDetails.parse((await t.app.inject({ method: 'GET', url: `/api/faxes/${faxId}`, headers: { cookie } })).json());
    await expect.poll(async () => (await details()).status, { timeout: 60_000, interval: 100 }).toBe('delivered');
    const fax = await details();
    expect(fax.attempts.map((attempt) => [attempt.result, attempt.firstPage, attempt.pagesSent])).toEqual([
      ['line_quality', 1, 1],
      ['delivered', 2, 2],
    ]);
    expect(fax.attempts[0]!.call).toMatchObject({
      completionCode: 49,
      bitRate: 14_400,
      ecm: true,
      remoteIdent: SANDBOX_TEST_NUMBERS.drops_first_try,
    });
    expect(fax.attempts[1]!.call).toMatchObject({ completionCode: 0, resolution: 'fine' });
    expect(fax.pages).toBe(3);
    expect(fax.pagesSent).toBe(3);
  }, 90_000);
});

describe('the header line and the station id (issue 16, item 3)', () => {
  it("prints the account's name, its time zone's time, the number's station id and Page x/y above every page", async () => {
    const { owner, number } = await createAccount(t);
    const cookie = await signIn(t.app, owner.email);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/fax-identity',
      headers: { cookie },
      payload: {
        header: { enabled: true, name: 'Clínica Santé', timeZone: 'America/New_York' },
        numbers: [{ phoneNumber: number!, stationId: '+1 555 0100' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await sendFaxRequest(t.app, cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers, faxQuality: 'fine' }, [
      { name: 'a.pdf', bytes: await makePdf(3) },
    ]);
    const { faxId } = ZSendFaxResponse.parse(response.json());
    const details = async () =>
      ZFaxDetails.parse((await t.app.inject({ method: 'GET', url: `/api/faxes/${faxId}`, headers: { cookie } })).json());
    await expect.poll(async () => (await details()).status, { timeout: 60_000, interval: 100 }).toBe('delivered');

    // The image the call carried: the rendered pages, each under its header line (32 rows at fine).
    const [attempt] = await t.db.select().from(faxAttempts).where(eq(faxAttempts.faxId, faxId));
    const carried = await t.files.get(attempt!.imageKey!);
    const [fax] = await t.db.select().from(faxes).where(eq(faxes.id, faxId));
    const rendered = readTiffPages(await t.files.get(fax!.imageKey!));
    expect(readTiffPages(carried).map((page) => page.height)).toEqual(rendered.map((page) => page.height + 32));
    const header = await readTopOfPage(carried, 2, 32);
    expect(header).toContain('Clinica Sante');
    expect(header).toContain('+1 555 0100');
    expect(header).toContain('Page 2/3');
    const minutes = [0, 60_000].map((later) => faxHeaderTime(new Date(attempt!.startedAt.getTime() + later), 'America/New_York'));
    expect(minutes.some((time) => header.includes(time))).toBe(true);
  }, 90_000);

  it('sends the pages as rendered when the account turns the header off', async () => {
    const { owner, number } = await createAccount(t);
    const cookie = await signIn(t.app, owner.email);
    await t.app.inject({
      method: 'PUT',
      url: '/api/fax-identity',
      headers: { cookie },
      payload: { header: { enabled: false, name: '', timeZone: 'UTC' }, numbers: [{ phoneNumber: number!, stationId: '' }] },
    });
    const response = await sendFaxRequest(t.app, cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers, faxQuality: 'fine' }, [
      { name: 'a.pdf', bytes: await makePdf(1) },
    ]);
    const { faxId } = ZSendFaxResponse.parse(response.json());
    await expect
      .poll(
        async () =>
          ZFaxDetails.parse((await t.app.inject({ method: 'GET', url: `/api/faxes/${faxId}`, headers: { cookie } })).json()).status,
        {
          timeout: 60_000,
          interval: 100,
        },
      )
      .toBe('delivered');
    const [attempt] = await t.db.select().from(faxAttempts).where(eq(faxAttempts.faxId, faxId));
    expect(attempt!.imageKey).toBeNull();
  }, 90_000);

  it('refuses a station id fax machines cannot show, and a number of another account, changing nothing', async () => {
    const { owner, number } = await createAccount(t);
    const other = await createAccount(t);
    const cookie = await signIn(t.app, owner.email);
    const save = (numbers: { phoneNumber: string; stationId: string }[], language = 'en') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/fax-identity',
        headers: { cookie, 'accept-language': language },
        payload: { header: { enabled: true, name: 'Renamed', timeZone: 'Europe/Paris' }, numbers },
      });
    const bad = await save([{ phoneNumber: number!, stationId: 'ACME' }], 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toContain('chiffres');
    expect((await save([{ phoneNumber: other.number!, stationId: '+1' }])).statusCode).toBe(400);
    const now = (await t.app.inject({ method: 'GET', url: '/api/fax-identity', headers: { cookie } })).json<{ header: { name: string } }>();
    expect(now.header.name).toBe('');
  });
});
