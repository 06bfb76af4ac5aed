import { randomBytes } from 'node:crypto';
import { ZFaxDetails, ZFaxListResponse, ZSendFaxResponse } from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { loadFax } from '../../src/faxes/fax-state';
import { faxLineEnds } from '../../src/faxes/line-ends';
import { linesInForce } from '../../src/lines/lines-in-force';
import { HylafaxSession } from '../../src/lines/hylafax/hylafax-client';
import { hylafaxJobTag } from '../../src/lines/hylafax/hylafax-line';
import { hylafaxSignature } from '../../src/lines/hylafax/hylafax-routes';
import { lineNamed } from '../../src/lines/lines';
import { sendFaxRequest } from '../support/faxes';
import { freeTcpPort, slowTestSkipReason, startPrivateHylafax, type PrivateHylafax } from '../support/hylafax';
import { callApi, signIn, type TestApp, openTestApp } from '../support/test-app';
import { readTopOfPage } from '../support/ocr';
import { faxAttempts } from '../../src/faxes/schema';
import { and, eq } from 'drizzle-orm';

// A fax sent by Faxline through a real HylaFAX and two iaxmodems arrives, and HylaFAX's faxrcvd
// hook posts it back into an inbox. A real T.30 call in real time: skipped where FAXLINE_SKIP_SLOW=1, run in CI.
const skipReason = slowTestSkipReason();
if (skipReason) console.warn(`hylafax-line.test.ts: ${skipReason}`);

/** An outside number: no account holds it, so the HylaFAX line carries it (modem A dials it, modem B answers). */
const OUTSIDE_NUMBER = '+442079460958';
const HOOK_SECRET = randomBytes(24).toString('hex');

let t: TestApp;
let hylafax: PrivateHylafax | undefined;
let receiving: Awaited<ReturnType<typeof createAccount>>;

/** A failed wait says what HylaFAX and the modems logged (and `more`), so that CI's log shows why the call failed. */
async function explained(wait: Promise<void>, more: () => Promise<string> = async () => ''): Promise<void> {
  try {
    await wait;
  } catch (error) {
    throw new Error(`${String(error)}\n${await more()}\n${await hylafax!.diagnostics()}`);
  }
}

describe.skipIf(skipReason !== null)('the HylaFAX line with two iaxmodems', () => {
  beforeAll(async () => {
    const [httpPort, hfaxdPort] = [await freeTcpPort(), await freeTcpPort()];
    const password = randomBytes(12).toString('hex');
    t = await openTestApp({
      env: {
        SANDBOX_LINE: 'test-numbers',
        HYLAFAX_HOST: '127.0.0.1',
        HYLAFAX_PORT: String(hfaxdPort),
        HYLAFAX_USER: 'faxline',
        HYLAFAX_PASSWORD: password,
        HYLAFAX_HOOK_SECRET: HOOK_SECRET,
        HYLAFAX_POLL_MS: '500',
      },
    });
    // Listening for real: the hook is curl, not inject.
    await t.app.listen({ host: '127.0.0.1', port: httpPort });
    receiving = await createAccount(t);
    hylafax = await startPrivateHylafax({
      port: hfaxdPort,
      password,
      hookUrl: `http://127.0.0.1:${httpPort}/api/lines/hylafax/received`,
      hookSecret: HOOK_SECRET,
      receivingNumber: receiving.number!,
    });
  }, 120_000);
  afterAll(async () => {
    await hylafax?.stop();
    await t?.close();
  });

  it('sends a 1-page fax through HylaFAX, and the faxrcvd hook posts it into the inbox of the number called', async () => {
    const sender = await createAccount(t);
    const cookie = await signIn(t.app, sender.owner.email);
    const response = await sendFaxRequest(t.app, cookie, { recipientNumber: OUTSIDE_NUMBER, faxQuality: 'fine' }, [
      { name: 'a.pdf', bytes: await makePdf(1) },
    ]);
    expect(response.statusCode, response.body).toBe(202);
    const { faxId, line } = ZSendFaxResponse.parse(response.json());
    expect(line).toBe('hylafax');

    const details = async () => ZFaxDetails.parse((await callApi(t.app, 'GET', `/api/faxes/${faxId}`, { cookie })).json());
    const ended = async () => {
      const fax = await details();
      return fax.status === 'sending' || fax.status === 'queued' || fax.status === 'converting' ? 'on its way' : fax.status;
    };
    await explained(expect.poll(ended, { timeout: 150_000, interval: 1_000 }).toBe('delivered'), async () =>
      JSON.stringify(await details()),
    );
    const sent = await details();
    expect(sent).toMatchObject({ line: 'hylafax', pagesSent: 1 });
    // Two soft modems on a starved CPU can lose a call to timing (a failed training, a lost carrier): Faxline then
    // tries again, as it would on a real line. Such a try is a line-quality failure that sent nothing; the last try
    // delivers. Any other shape (two deliveries, a busy, a page sent twice) fails here, with the tries shown.
    const tries = JSON.stringify(sent.attempts);
    const delivering = sent.attempts.at(-1)!;
    for (const lost of sent.attempts.slice(0, -1)) expect(lost, tries).toMatchObject({ result: 'line_quality', pagesSent: 0 });
    expect(delivering, tries).toMatchObject({ result: 'delivered', pagesSent: 1, firstPage: 1 });
    // What HylaFAX's job file says of the call: the rate the soft modems trained at, and the answering modem's CSI.
    expect(delivering.call, tries).toMatchObject({ remoteIdent: 'Faxline inbound' });
    if (sent.attempts.length === 1) expect(delivering.call).toMatchObject({ bitRate: 14_400 });
    // The pages went under Faxline's header line, and the image as sent is kept as the proof.
    const [attempt] = await t.db
      .select()
      .from(faxAttempts)
      .where(and(eq(faxAttempts.faxId, faxId), eq(faxAttempts.number, delivering.number)));
    expect(await readTopOfPage(await t.files.get(attempt!.imageKey!), 1, 32)).toContain('Page 1/1');

    // A worker that died mid-call left this try closed as a line error; the next try finds the job of the one that
    // went through (its tag names the fax and the try) and reports it, instead of dialling the number again.
    const session = await HylafaxSession.open({ host: '127.0.0.1', port: hylafax!.port, user: hylafax!.user, password: hylafax!.password });
    const jobsBefore = [...(await session.listJobs('sendq')), ...(await session.listJobs('doneq'))];
    expect(jobsBefore.map((job) => [job.tag, job.state])).toContainEqual([hylafaxJobTag(faxId, delivering.number), 'done']);
    expect(jobsBefore.filter((job) => job.state === 'done')).toHaveLength(1);
    const inForce = await linesInForce({ config: t.config, systemSettings: t.env.systemSettings });
    const hylafaxLine = lineNamed(inForce.faxLines(faxLineEnds({ db: t.db, files: t.files })), 'hylafax');
    const again = await hylafaxLine.call((await loadFax(t.db, faxId))!, { attempt: delivering.number + 1, firstPage: 2 });
    expect(again).toMatchObject({ result: 'delivered', pagesSent: 1, firstPage: 1 });
    expect((await session.listJobs('sendq')).length + (await session.listJobs('doneq')).length).toBe(jobsBefore.length);
    await session.close();

    const receiverCookie = await signIn(t.app, receiving.owner.email);
    const inbox = async () =>
      ZFaxListResponse.parse((await callApi(t.app, 'GET', '/api/faxes?direction=inbound', { cookie: receiverCookie })).json()).faxes;
    await explained(expect.poll(async () => (await inbox()).length, { timeout: 30_000, interval: 500 }).toBe(1));
    const [arrived] = await inbox();
    expect(arrived).toMatchObject({
      direction: 'inbound',
      line: 'hylafax',
      pages: 1,
      toNumber: receiving.number,
      fromNumber: '+15550000001',
    });
    const received = ZFaxDetails.parse((await callApi(t.app, 'GET', `/api/faxes/${arrived!.id}`, { cookie: receiverCookie })).json());
    expect(received.hasDocument).toBe(true);
    expect(received.attempts[0]!.call).toMatchObject({ remoteIdent: 'Faxline HylaFAX' });
    if (sent.attempts.length === 1) expect(received.attempts[0]!.call).toMatchObject({ bitRate: 14_400 });
  }, 180_000);
});

describe('the faxrcvd report endpoint', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await openTestApp({ env: { HYLAFAX_HOOK_SECRET: HOOK_SECRET } });
  });
  afterAll(() => app.close());

  it('refuses a report not signed with the secret, or signed over 5 minutes ago (401), and a signed one that is no fax (400)', async () => {
    const body = JSON.stringify({ commid: '999999999', device: 'x', toNumber: '+15550001111', pages: 1, tiff: 'AAAAAAAA' });
    const post = (signature: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/lines/hylafax/received',
        headers: { 'content-type': 'application/json', 'x-faxline-signature': signature },
        payload: body,
      });
    const now = Math.floor(Date.now() / 1000);
    expect((await post(hylafaxSignature('another secret of at least 32 chars', now, body))).statusCode).toBe(401);
    expect((await post(hylafaxSignature(HOOK_SECRET, now - 301, body))).statusCode).toBe(401);
    expect((await post('t=1,v1=00')).statusCode).toBe(401);
    // Signed well but not a fax: refused by the schema, not by the signature.
    expect((await post(hylafaxSignature(HOOK_SECRET, now, body))).statusCode).toBe(400);
  });
});
