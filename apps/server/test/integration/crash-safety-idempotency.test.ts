import { ZApiError, ZSendFaxResponse } from '@faxline/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { faxes } from '../../src/faxes/schema';
import { makePdf } from '@test-support/factories/documents';
import { SANDBOX_DELIVERS, unlimitedCustomer } from '../support/fax-battery';
import { sendFaxRequest } from '../support/faxes';
import { openSplitTestApp, type SplitTestApp } from '../support/split-test-app';
import { signIn } from '../support/test-app';

// The reliability battery: a client that retries, or sends twice at once, must not make two faxes.

let t: SplitTestApp;
beforeAll(async () => {
  t = await openSplitTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
}, 120_000);
afterAll(() => t?.close());

describe('one Idempotency-Key, sent 100 times at once', () => {
  it('makes one fax, one audit row and one documents job; every answer is the same 202 (or a 409), none a 5xx', async () => {
    const sender = await unlimitedCustomer(t, 'Idempotent Clinic');
    const cookie = await signIn(t.app, sender.email);
    const pdf = await makePdf(1);
    const key = `order-${Date.now()}`;
    const CASES = 100;

    const answers = await Promise.all(
      Array.from({ length: CASES }, () =>
        sendFaxRequest(t.app, cookie, { recipientNumber: SANDBOX_DELIVERS, faxQuality: 'standard' }, [{ name: 'a.pdf', bytes: pdf }], {
          'idempotency-key': key,
        }),
      ),
    );

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.statusCode, (byStatus.get(a.statusCode) ?? 0) + 1);
    const accepted = answers.filter((a) => a.statusCode === 202).map((a) => ZSendFaxResponse.parse(a.json()).faxId);
    const refused = answers.filter((a) => a.statusCode === 409);
    const failed = answers.filter((a) => a.statusCode >= 500);
    const rows = await t.db
      .select()
      .from(faxes)
      .where(and(eq(faxes.accountId, sender.accountId), eq(faxes.direction, 'outbound')));
    const audits = rows.length
      ? await t.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'fax.send'), eq(auditEvents.accountId, sender.accountId)))
      : [];
    const { rows: jobs } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select id from pgboss.job where name = 'faxes.prepare' and data->>'faxId' = ${rows[0]?.id ?? ''}
        union all
        select id from pgboss.archive where name = 'faxes.prepare' and data->>'faxId' = ${rows[0]?.id ?? ''}
      ) j`);

    console.log(
      `idempotency battery: ${CASES} concurrent sends, answers ${[...byStatus].map(([s, n]) => `${n}x${s}`).join(' ')}, ` +
        `${failed.length} 5xx, ${rows.length} faxes created, ${audits.length} fax.send audit rows, ${jobs[0]?.n ?? 0} faxes.prepare jobs`,
    );

    expect(
      failed.map((a) => `${a.statusCode} ${a.body}`),
      'no 5xx',
    ).toEqual([]);
    expect(accepted.length + refused.length, `every answer 202 or 409: ${[...byStatus].join(' ')}`).toBe(CASES);
    expect(accepted.length, 'the request that created it was answered 202').toBeGreaterThan(0);
    expect(new Set(accepted).size, 'every 202 names the same fax').toBe(1);
    // A 409 must still be a clear, translated answer (a client retries it later and then gets the 202).
    for (const r of refused) expect(ZApiError.parse(r.json()).error.message.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).toEqual([accepted[0]]);
    expect(rows[0]).toMatchObject({ idempotencyKey: key, status: 'queued' });
    expect(audits.map((a) => a.objectId)).toEqual([accepted[0]]);
    expect(jobs[0]?.n, 'one faxes.prepare job').toBe(1);

    // The same key later (a client retrying after a timeout) still names that fax and creates nothing.
    const again = await sendFaxRequest(
      t.app,
      cookie,
      { recipientNumber: SANDBOX_DELIVERS, faxQuality: 'standard' },
      [{ name: 'a.pdf', bytes: pdf }],
      { 'idempotency-key': key },
    );
    expect(again.statusCode, again.body).toBe(202);
    expect(ZSendFaxResponse.parse(again.json()).faxId).toBe(accepted[0]);
    const after = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(faxes)
      .where(eq(faxes.accountId, sender.accountId));
    expect(after[0]?.n).toBe(1);
  }, 120_000);
});
