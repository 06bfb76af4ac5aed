import {
  SANDBOX_TEST_NUMBERS,
  ZApiError,
  ZFaxListResponse,
  ZBroadcastActionResponse,
  ZBroadcastDetails,
  ZBroadcastList,
  ZSendBroadcastResponse,
} from '@faxline/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcasts, faxes } from '../../src/faxes/schema';
import { createAccount } from '@test-support/factories/accounts';
import { createContact } from '@test-support/factories/contacts';
import { makePdf } from '@test-support/factories/documents';
import { sendFaxRequest } from '../support/faxes';
import { openTestApp, signIn, TEST_ORIGIN, type TestApp } from '../support/test-app';

// Broadcasts from the portal (decision 111). A fax clock of 1/20: a sandbox call takes a fraction of a second.
let t: TestApp;
let pdf: Uint8Array;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.05' } });
  pdf = await makePdf(1);
}, 180_000);
afterAll(() => t.close());

/** An account past its first days (decision 025's daily limit is for new ones), signed in. */
async function customer(plan: Parameters<typeof createAccount>[1] extends infer O ? (O extends { plan?: infer P } ? P : never) : never) {
  const account = await createAccount(t, { plan, createdAt: new Date(Date.now() - 60 * 86_400_000) });
  return { ...account, cookie: await signIn(t.app, account.owner.email) };
}

const get = (url: string, cookie: string, language = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': language } });
const post = (url: string, cookie: string) => t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN } });
const view = async (id: string, cookie: string) => ZBroadcastDetails.parse((await get(`/api/broadcasts/${id}`, cookie)).json());
const broadcast = (cookie: string, request: Record<string, unknown>, language = 'en') =>
  sendFaxRequest(
    t.app,
    cookie,
    { faxQuality: 'standard', ...request },
    [{ name: 'price-list.pdf', bytes: pdf }],
    { 'accept-language': language },
    '/api/broadcasts',
  );
const untilFinished = (id: string, cookie: string) =>
  expect.poll(async () => (await view(id, cookie)).finished, { timeout: 60_000, interval: 200 }).toBe(true);

describe('a broadcast from the portal', () => {
  it('sends one fax per recipient from numbers, contacts and a tag, rendered once; retries only the failed; reports them', async () => {
    const sender = await customer({ unlimited: true });
    const receiver = await createAccount(t);
    const clinicA = await createContact(t, sender.id, { name: 'Clinic A', fax_number: '+15550100100', tags: ['clinics'] });
    await createContact(t, sender.id, { name: 'Clinic B', fax_number: '+15550100101', tags: ['clinics'] });
    const lab = await createContact(t, sender.id, { name: 'Lab', fax_number: '+15550100102', tags: ['labs'] });
    await createContact(t, sender.id, { name: 'Not chosen', fax_number: '+15550100103', tags: ['others'] });

    const sent = await broadcast(sender.cookie, {
      // The contact's number typed again is one recipient, named from the address book.
      recipients: [receiver.number, SANDBOX_TEST_NUMBERS.not_a_fax_machine, SANDBOX_TEST_NUMBERS.delivers, clinicA.faxNumber],
      tags: ['clinics'],
      contactIds: [lab.id],
      coverSubject: 'New prices',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const accepted = ZSendBroadcastResponse.parse(sent.json());
    expect(accepted).toMatchObject({ recipients: 6, status: 'queued' });
    expect(accepted.message).toBe('Your broadcast to 6 recipients is being processed: each gets its own fax.');

    const rows = await t.db.select().from(faxes).where(eq(faxes.broadcastId, accepted.broadcastId));
    expect(rows.map((row) => row.toNumber).sort()).toEqual(
      [
        receiver.number!,
        SANDBOX_TEST_NUMBERS.not_a_fax_machine,
        SANDBOX_TEST_NUMBERS.delivers,
        '+15550100100',
        '+15550100101',
        '+15550100102',
      ].sort(),
    );
    expect(rows.find((row) => row.toNumber === '+15550100101')?.recipientName).toBe('Clinic B');
    // One rendering for them all: one broadcast job, no fax's own.
    const ids = rows.map((row) => row.id);
    const jobs = await t.db.execute<{ name: string; n: number }>(sql`
      SELECT name, count(*)::int AS n FROM pgboss.job
      WHERE (name = 'faxes.prepare' AND data->>'faxId' IN ${sql.raw(`(${ids.map((id) => `'${id}'`).join(',')})`)})
         OR (name = 'faxes.prepare-broadcast' AND data->>'broadcastId' = ${accepted.broadcastId})
      GROUP BY name`);
    expect(jobs.rows).toEqual([{ name: 'faxes.prepare-broadcast', n: 1 }]);

    await untilFinished(accepted.broadcastId, sender.cookie);
    const done = await view(accepted.broadcastId, sender.cookie);
    expect(done).toMatchObject({ coverSubject: 'New prices', fileNames: ['price-list.pdf'], retryable: 1, cancelable: false });
    expect(done.counts).toEqual({ total: 6, waiting: 0, delivered: 5, failed: 1, canceled: 0 });
    expect(done.recipients.find((r) => r.number === SANDBOX_TEST_NUMBERS.not_a_fax_machine)).toMatchObject({
      status: 'failed',
      failureReason: 'not_a_fax_machine',
      sends: 1,
    });
    // Each fax has its own copy of the one document: the same bytes, its own files.
    const ended = await t.db.select().from(faxes).where(inArray(faxes.id, ids));
    expect(new Set(ended.map((row) => row.documentSha256)).size).toBe(1);
    expect(new Set(ended.map((row) => row.imageKey)).size).toBe(6);
    const [copy] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(faxes)
      .where(and(eq(faxes.accountId, receiver.id), eq(faxes.direction, 'inbound')));
    expect(copy?.n).toBe(1);

    const retried = await post(`/api/broadcasts/${accepted.broadcastId}/retry`, sender.cookie);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(ZBroadcastActionResponse.parse(retried.json()).count).toBe(1);
    await untilFinished(accepted.broadcastId, sender.cookie);
    const after = await view(accepted.broadcastId, sender.cookie);
    expect(after.recipients.filter((r) => r.sends === 2).map((r) => r.number)).toEqual([SANDBOX_TEST_NUMBERS.not_a_fax_machine]);
    expect(await t.db.select().from(faxes).where(eq(faxes.broadcastId, accepted.broadcastId))).toHaveLength(7);

    const report = await get(`/api/broadcasts/${accepted.broadcastId}/report.csv`, sender.cookie, 'es');
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    const lines = report.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Número,Nombre,Estado,Motivo,Páginas,Envíos,Último cambio (UTC),Id del fax');
    expect(lines).toHaveLength(7);
    expect(lines.find((line) => line.includes(SANDBOX_TEST_NUMBERS.not_a_fax_machine))).toContain(',Fallido,');
    expect(lines.find((line) => line.includes('+15550100101'))).toContain('Clinic B,Entregado,');

    // The history finds the faxes by their status in any of its languages, counted exactly.
    const search = async (word: string) =>
      ZFaxListResponse.parse((await get(`/api/faxes?direction=outbound&search=${encodeURIComponent(word)}`, sender.cookie)).json());
    for (const word of ['fallido', 'Échoué', 'echoue', 'FAILED']) {
      const found = await search(word);
      expect(found.counts.outbound, word).toBe(2);
      expect(found.faxes.map((fax) => fax.toNumber)).toEqual([
        SANDBOX_TEST_NUMBERS.not_a_fax_machine,
        SANDBOX_TEST_NUMBERS.not_a_fax_machine,
      ]);
    }
    expect((await search('entregado')).counts.outbound).toBe(5);
    expect((await search('livré')).counts.outbound).toBe(5);

    const listed = ZBroadcastList.parse((await get('/api/broadcasts', sender.cookie)).json());
    expect(listed.broadcasts.map((b) => b.id)).toEqual([accepted.broadcastId]);

    // Another account's member: as if it did not exist.
    const stranger = await customer({ unlimited: true });
    const hidden = await get(`/api/broadcasts/${accepted.broadcastId}`, stranger.cookie, 'fr');
    expect(hidden.statusCode).toBe(404);
    expect(ZApiError.parse(hidden.json()).error.message).toBe("Cette diffusion n'existe pas, ou vous ne pouvez pas la voir.");
    expect((await post(`/api/broadcasts/${accepted.broadcastId}/retry`, stranger.cookie)).statusCode).toBe(404);
  }, 120_000);

  it('is scheduled and canceled as a whole', async () => {
    const sender = await customer({ unlimited: true });
    const sent = await broadcast(sender.cookie, {
      recipients: ['+15550100110', '+15550100111', '+15550100112'],
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const { broadcastId, status } = ZSendBroadcastResponse.parse(sent.json());
    expect(status).toBe('scheduled');
    expect((await view(broadcastId, sender.cookie)).cancelable).toBe(true);

    const canceled = await post(`/api/broadcasts/${broadcastId}/cancel`, sender.cookie);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(ZBroadcastActionResponse.parse(canceled.json()).count).toBe(3);
    const after = await view(broadcastId, sender.cookie);
    expect(after.counts).toMatchObject({ total: 3, canceled: 3, waiting: 0 });
    expect(after.canceledAt).not.toBeNull();
    expect(after.cancelable).toBe(false);
    const again = await post(`/api/broadcasts/${broadcastId}/cancel`, sender.cookie);
    expect(again.statusCode).toBe(409);
    expect((await post(`/api/broadcasts/${broadcastId}/retry`, sender.cookie)).statusCode).toBe(409);
  });

  it("checks the plan's pages for the whole set before anything is stored, and refuses bad lists in the reader's language", async () => {
    // Basic: 150 pages a month and no invoice to bill more on, so 151 one-page faxes cannot all go.
    const sender = await customer({ slug: 'basic' });
    const numbers = Array.from({ length: 151 }, (_, i) => `+1555020${String(i).padStart(4, '0')}`);
    const refused = await broadcast(sender.cookie, { recipients: numbers });
    expect(refused.statusCode).toBe(403);
    expect(ZApiError.parse(refused.json()).error.code).toBe('errors.quotaExceeded');
    expect(await t.db.select().from(broadcasts).where(eq(broadcasts.accountId, sender.id))).toHaveLength(0);
    expect(await t.db.select().from(faxes).where(eq(faxes.accountId, sender.id))).toHaveLength(0);
    // 150 fit.
    const fits = await broadcast(sender.cookie, {
      recipients: numbers.slice(0, 150),
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(fits.statusCode, fits.body).toBe(202);
    expect(ZSendBroadcastResponse.parse(fits.json()).recipients).toBe(150);

    const empty = await broadcast(sender.cookie, { recipients: [], tags: ['nobody'] }, 'fr');
    expect(empty.statusCode).toBe(400);
    expect(ZApiError.parse(empty.json()).error.message).toBe(
      'Choisissez au moins un destinataire : des numéros, des contacts ou une étiquette.',
    );
    const tooMany = await broadcast(
      sender.cookie,
      { recipients: Array.from({ length: 1001 }, (_, i) => `+1555030${String(i).padStart(4, '0')}`) },
      'es',
    );
    expect(tooMany.statusCode).toBe(400);
    expect(ZApiError.parse(tooMany.json()).error.message).toBe('Un envío múltiple puede tener como máximo 1000 destinatarios.');
  }, 60_000);
});
