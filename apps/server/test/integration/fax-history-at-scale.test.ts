import { HISTORY_MAX_OFFSET, ZApiError, ZFaxListResponse, ZSendFaxResponse, type TFaxListResponse } from '@faxline/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORD_MATCHES_COUNTED } from '../../src/faxes/list-faxes';
import { contentFilesOf, markContentDeleted } from '../../src/faxes/fax-content';
import { faxes } from '../../src/faxes/schema';
import { createAccount, createUser } from '@test-support/factories/accounts';
import { createFaxes, type FaxRow } from '@test-support/factories/faxes';
import { makePng } from '@test-support/factories/documents';
import { sendFaxRequest } from '../support/faxes';
import { openTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * The history at scale: tabs' counts are kept with every fax change (no count
 * over rows per request), deep pages are reached by cursor, a search counts exactly from its own tallies and reads its
 * page either way, and a history page is served with at most two queries.
 */
let t: TestApp;
beforeAll(async () => {
  // No worker: the faxes inserted here are history, and the relay and jobs would share the pool the lean-request test
  // counts.
  t = await openTestApp({ work: false });
});
afterAll(() => t.close());

async function customer() {
  const person = await createUser(t, { name: 'Scale Clinic' });
  return { ...person, cookie: await signIn(t.app, person.email) };
}

async function list(cookie: string, query: string): Promise<TFaxListResponse> {
  const response = await t.app.inject({ method: 'GET', url: `/api/faxes?${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return ZFaxListResponse.parse(response.json());
}

/** `n` faxes inserted straight into the table, as any writer would (the counts must follow every writer). */
async function insertFaxes(accountId: string, userId: string | null, n: number, overrides: Partial<FaxRow> = {}) {
  const rows = Array.from({ length: n }, (_, i) => ({
    accountId,
    userId,
    toNumber: `+1202555${String(1000 + (i % 9000)).padStart(4, '0')}`,
    recipientName: `Recipient ${i}`,
    pages: 2,
    createdAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
    ...overrides,
  }));
  return createFaxes(t.db, rows);
}

describe('counts kept with every change', () => {
  it('follows inserts, deletes, failures and a sender leaving, and always equals a count of the rows', async () => {
    const owner = await customer();
    const other = await createUser(t, { name: 'Second sender' });
    const sent = await insertFaxes(owner.accountId, owner.id, 7);
    await insertFaxes(owner.accountId, other.id, 3);
    await insertFaxes(owner.accountId, null, 4, { direction: 'inbound', status: 'received', fromNumber: '+12025550999' });
    expect((await list(owner.cookie, 'direction=outbound')).counts).toEqual({ outbound: 10, inbound: 4 });

    await t.db.delete(faxes).where(eq(faxes.id, sent[0]!.id));
    await t.db.update(faxes).set({ status: 'failed' }).where(eq(faxes.id, sent[1]!.id));
    // Written here, not through the API: the kept history hears of it by the database's notification, which a busy
    // machine delivers after the next request unless it is waited for (the API's own writes wait for it, app.ts).
    await t.env.notifications.caughtUp();
    const { counts, total } = await list(owner.cookie, 'direction=outbound');
    const [rowCount] = (
      await t.db.execute<{ outbound: number; inbound: number }>(
        sql`SELECT count(*) FILTER (WHERE direction = 'outbound')::int AS outbound, count(*) FILTER (WHERE direction = 'inbound')::int AS inbound
            FROM faxes WHERE account_id = ${owner.accountId}`,
      )
    ).rows;
    expect(counts).toEqual(rowCount);
    expect(total).toBe(9);
  });

  it('moves a fax between tallies when an update changes what it is counted by, alone or beside rows it leaves in place', async () => {
    const owner = await customer();
    const other = await createUser(t, { name: 'Third sender' });
    const sent = await insertFaxes(owner.accountId, other.id, 4);
    const received = await insertFaxes(owner.accountId, null, 3, {
      direction: 'inbound',
      status: 'received',
      fromNumber: '+12025550998',
      filedAt: null, // landed, not yet routed to an inbox
    });
    const kept = async () =>
      (
        await t.db.execute<{ user_id: string; direction: string; faxes: number }>(
          sql`SELECT user_id, direction, faxes FROM fax_tallies WHERE account_id = ${owner.accountId} AND faxes <> 0 ORDER BY 1, 2`,
        )
      ).rows;
    // The tallies the trigger kept must be those a count of the rows from scratch makes.
    const expectAsRecounted = async () => {
      const before = await kept();
      await t.db.execute(sql`SELECT faxline_recount_account(${owner.accountId})`);
      expect(before).toEqual(await kept());
    };
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

    // A status moves no fax between tallies (the trigger returns early)...
    await t.db
      .update(faxes)
      .set({ status: 'sending' })
      .where(inArray(faxes.id, ids(sent)));
    await expectAsRecounted();
    // ...but one statement that gives two faxes another sender and only a status to the others moves those two.
    await t.db
      .update(faxes)
      .set({
        userId: sql`CASE WHEN ${inArray(faxes.id, ids(sent.slice(0, 2)))} THEN ${owner.id} ELSE ${faxes.userId} END`,
        status: 'delivered',
      })
      .where(inArray(faxes.id, ids(sent)));
    await expectAsRecounted();
    expect((await kept()).filter((row) => row.direction === 'outbound')).toEqual(
      [
        { user_id: '', direction: 'outbound', faxes: 4 },
        { user_id: owner.id, direction: 'outbound', faxes: 2 },
        { user_id: other.id, direction: 'outbound', faxes: 2 },
      ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
    );
    // Filing received faxes counts them in the inbox they were filed to.
    await t.db
      .update(faxes)
      .set({ filedAt: new Date() })
      .where(inArray(faxes.id, ids(received.slice(0, 2))));
    await expectAsRecounted();
    expect(await kept()).toContainEqual({ user_id: 'inbox:', direction: 'inbound', faxes: 2 });
  });

  it('recounts an account from scratch to the same figures (after bulk loads that bypassed the trigger)', async () => {
    const owner = await customer();
    await insertFaxes(owner.accountId, owner.id, 12);
    const before = await list(owner.cookie, 'direction=outbound');
    await t.db.execute(sql`SELECT faxline_recount_account(${owner.accountId})`);
    expect((await list(owner.cookie, 'direction=outbound')).counts).toEqual(before.counts);
  });
});

describe('paging', () => {
  it('walks the whole list by cursor, newest first, each fax once, and ends with no cursor', async () => {
    const owner = await customer();
    await insertFaxes(owner.accountId, owner.id, 45);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: TFaxListResponse = await list(owner.cookie, `direction=outbound&pageSize=20${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.faxes.map((f) => f.createdAt));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen).toEqual([...seen].sort().reverse());
    // The same order as numbered pages.
    const third = await list(owner.cookie, 'direction=outbound&pageSize=20&page=3');
    expect(third.faxes.map((f) => f.createdAt)).toEqual(seen.slice(40));
    expect(third.nextCursor).toBeNull();
  });

  it('refuses a numbered page past the bound, and a broken cursor, with their messages', async () => {
    const owner = await customer();
    const maxPage = HISTORY_MAX_OFFSET / 20 + 1;
    expect((await list(owner.cookie, 'pageSize=20')).maxPage).toBe(maxPage);
    const deep = await t.app.inject({
      method: 'GET',
      url: `/api/faxes?pageSize=20&page=${maxPage + 1}`,
      headers: { cookie: owner.cookie },
    });
    expect(deep.statusCode).toBe(400);
    expect(ZApiError.parse(deep.json()).error.message).toContain(`page ${maxPage}`);
    const broken = await t.app.inject({
      method: 'GET',
      url: '/api/faxes?cursor=not-a-cursor',
      headers: { cookie: owner.cookie, 'accept-language': 'fr' },
    });
    expect(broken.statusCode).toBe(400);
    expect(ZApiError.parse(broken.json()).error.message).toBe(
      'Cette position dans la liste n’est plus valable : reprenez depuis la première page.',
    );
  });
});

describe('search', () => {
  /** The history's own order (newest first), as SQL sees it: what every way of reading a search's page must give. */
  async function newestMatching(accountId: string, direction: string, fragment: string, limit: number) {
    const { rows } = await t.db.execute<{ id: string }>(sql`SELECT id FROM faxes WHERE account_id = ${accountId}
      AND direction = ${direction} AND search_text LIKE ${`%${fragment}%`} ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
    return rows.map((row) => row.id);
  }

  it('finds a name or number fragment in any case and counts every match, a broad search as exactly as a narrow one', async () => {
    const owner = await customer();
    await t.db.execute(sql`
      INSERT INTO faxes (account_id, user_id, direction, status, to_number, recipient_name, quality, pages, created_at)
      SELECT ${owner.accountId}, ${owner.id}, 'outbound', 'delivered', '+1202555' || lpad((i % 10000)::text, 4, '0'),
             'Dr Broad ' || (i % 50), 'fine', 1, now() - i * interval '1 minute'
      FROM generate_series(1, 12005) AS i`);
    await insertFaxes(owner.accountId, owner.id, 1, { recipientName: 'Zoë Quantrill', toNumber: '+13125559876' });

    const narrow = await list(owner.cookie, 'search=QUANTRILL');
    expect(narrow.faxes.map((f) => f.recipientName)).toEqual(['Zoë Quantrill']);
    expect(narrow.counts).toEqual({ outbound: 1, inbound: 0 });
    expect((await list(owner.cookie, 'search=3125559876')).total).toBe(1);

    // Most faxes match: the page is read in the list's order. One correspondent in fifty: gathered from the index.
    const broad = await list(owner.cookie, 'search=dr%20broad');
    expect(broad.counts.outbound).toBe(12005);
    expect(broad.faxes.map((f) => f.id)).toEqual(await newestMatching(owner.accountId, 'outbound', 'dr broad', 20));
    const one = await list(owner.cookie, 'search=dr%20broad%2017&pageSize=50');
    expect(one.counts.outbound).toBe(240);
    expect(one.faxes.map((f) => f.id)).toEqual(await newestMatching(owner.accountId, 'outbound', 'dr broad 17', 50));
    const next = await list(owner.cookie, `search=dr%20broad%2017&pageSize=50&cursor=${one.nextCursor}`);
    expect(next.faxes.map((f) => f.id)).toEqual((await newestMatching(owner.accountId, 'outbound', 'dr broad 17', 100)).slice(50));

    const none = await list(owner.cookie, 'search=no-such-recipient');
    expect(none).toMatchObject({ faxes: [], counts: { outbound: 0, inbound: 0 }, nextCursor: null });
  });

  it('counts what each person may see: a User their own sent faxes and every received one', async () => {
    const account = await createAccount(t, { members: [{ role: 'user' }] });
    const member = account.members[0]!;
    await insertFaxes(account.id, account.owner.id, 4, { recipientName: 'Harbor Labs' });
    await insertFaxes(account.id, member.id, 2, { recipientName: 'Harbor Labs' });
    await insertFaxes(account.id, null, 3, {
      direction: 'inbound',
      status: 'received',
      senderName: 'Harbor Labs',
      fromNumber: '+12025550999',
    });
    const owner = await list(await signIn(t.app, account.owner.email), 'search=harbor');
    expect(owner.counts).toEqual({ outbound: 6, inbound: 3 });
    const user = await list(await signIn(t.app, member.email), 'search=harbor');
    expect(user.counts).toEqual({ outbound: 2, inbound: 3 });
    expect(user.faxes).toHaveLength(2);
  });

  it('finds faxes by their read words, each once, counted exactly up to a limit and then as at least, in the list’s order (decision 100)', async () => {
    const owner = await customer();
    // 1,005 received referrals, the newest also from a sender named so; 3 sent faxes with words, 2 without.
    await t.db.execute(sql`
      INSERT INTO faxes (account_id, direction, status, from_number, to_number, sender_name, quality, pages, created_at)
      SELECT ${owner.accountId}, 'inbound', 'received', '+12025550999', '+12025550100', CASE WHEN i = 1 THEN 'Referral Desk' END, 'fine', 1,
             now() - i * interval '1 minute'
      FROM generate_series(1, 1005) AS i`);
    await insertFaxes(owner.accountId, owner.id, 3, { recipientName: 'Worded' });
    await insertFaxes(owner.accountId, owner.id, 2, { recipientName: 'Plain' });
    // Their words as the reading job keeps them (fax-records.ts keepFaxText), each with its own case number.
    await t.db.execute(sql`
      INSERT INTO fax_text_words (fax_id, account_id, direction, configuration, words)
      SELECT id, account_id, direction, 'english', to_tsvector('english', 'Referrals to dermatology, case ' || n)
      FROM (SELECT id, account_id, direction, row_number() OVER (ORDER BY id) AS n FROM faxes
            WHERE account_id = ${owner.accountId} AND (direction = 'inbound' OR recipient_name = 'Worded')) AS worded`);

    // "referral" is on 1,008 faxes: the Referral Desk's once (by its name), then 1,000 more counted, and "at least".
    const common = await list(owner.cookie, 'direction=inbound&search=referral');
    expect(common.counts).toEqual({ inbound: 1 + WORD_MATCHES_COUNTED, outbound: 3 });
    expect(common.countsAtLeast).toEqual({ inbound: true, outbound: false });
    const newest = await t.db.execute<{ id: string }>(sql`SELECT id FROM faxes WHERE account_id = ${owner.accountId}
      AND direction = 'inbound' ORDER BY created_at DESC, id DESC LIMIT 20`);
    expect(common.faxes.map((f) => f.id)).toEqual(newest.rows.map((row) => row.id));
    expect(common.faxes[0]!.senderName).toBe('Referral Desk');
    const sent = await list(owner.cookie, 'direction=outbound&search=referrals');
    expect(sent.faxes.map((f) => f.recipientName)).toEqual(['Worded', 'Worded', 'Worded']);

    // A word on one fax: exact, read from the indexes.
    const { rows: seventh } = await t.db.execute<{ id: string; direction: string }>(sql`SELECT f.id, f.direction
      FROM fax_text_words w JOIN faxes f ON f.id = w.fax_id WHERE w.account_id = ${owner.accountId}
      AND w.words @@ websearch_to_tsquery('english', 'case 7')`);
    expect(seventh).toHaveLength(1);
    const one = await list(owner.cookie, `direction=${seventh[0]!.direction}&search=${encodeURIComponent('dermatology "case 7"')}`);
    expect(one.faxes.map((f) => f.id)).toEqual([seventh[0]!.id]);
    expect(one.counts.inbound + one.counts.outbound).toBe(1);
    expect(one.countsAtLeast).toEqual({ inbound: false, outbound: false });
    expect((await list(owner.cookie, 'search=cardiology')).counts).toEqual({ inbound: 0, outbound: 0 });
  });

  it('finds a sent fax by its cover subject, part of a file name, and a failure reason in the reader’s language (decision 111)', async () => {
    const { owner } = await createAccount(t);
    const cookie = await signIn(t.app, owner.email);
    const sent = await sendFaxRequest(
      t.app,
      cookie,
      { recipientNumber: '+12025550143', faxQuality: 'fine', coverSubject: 'Quarterly Lipid Panel', recipientName: 'North Lab' },
      [
        { name: 'Okafor_referral-2026.png', bytes: makePng() },
        { name: 'consent.png', bytes: makePng() },
      ],
    );
    expect(sent.statusCode, sent.body).toBe(202);
    // Two failed faxes, one for a busy line and one unanswered, and one named like a reason's code but not failed.
    await insertFaxes(owner.accountId, owner.id, 2, { recipientName: 'Engaged Line', status: 'failed', failureReason: 'busy' });
    await insertFaxes(owner.accountId, owner.id, 1, { recipientName: 'Silent Line', status: 'failed', failureReason: 'no_answer' });
    await insertFaxes(owner.accountId, owner.id, 1, { recipientName: 'Quiet Office', coverSubject: 'ocupado' });

    const found = async (search: string, language = 'en') => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/faxes?direction=outbound&search=${encodeURIComponent(search)}`,
        headers: { cookie, 'accept-language': language },
      });
      const page = ZFaxListResponse.parse(response.json());
      // The counts come from the search tallies, the page from the faxes: they must agree.
      expect(page.counts.outbound, search).toBe(page.faxes.length);
      return page.faxes.map((fax) => fax.recipientName).sort();
    };
    expect(await found('lipid')).toEqual(['North Lab']);
    expect(await found('OKAFOR_REF')).toEqual(['North Lab']);
    expect(await found('consent')).toEqual(['North Lab']);
    expect(await found('busy')).toEqual(['Engaged Line', 'Engaged Line']);
    // "ocupado" names the busy reason and is also a cover subject's word: both are found, each once.
    expect(await found('ocupado', 'es')).toEqual(['Engaged Line', 'Engaged Line', 'Quiet Office']);
    expect(await found('Occupé', 'fr')).toEqual(['Engaged Line', 'Engaged Line']);
    expect(await found('no answer')).toEqual(['Silent Line']);
    expect(await found('sin respuesta', 'es')).toEqual(['Silent Line']);
    expect(await found('percent_%')).toEqual([]);

    // The content deleted for good (decision 108): its subject and file names go from the search and its tallies.
    const { faxId } = ZSendFaxResponse.parse(sent.json());
    expect(await markContentDeleted(t.db, faxId, await contentFilesOf(t.db, faxId), 'retention')).toBe(true);
    await t.env.notifications.caughtUp();
    expect(await found('lipid')).toEqual([]);
    expect(await found('okafor')).toEqual([]);
    const left = await t.db.execute(sql`SELECT 1 FROM fax_search_tallies WHERE search_text LIKE '%okafor%' OR search_text LIKE '%lipid%'`);
    expect(left.rows).toEqual([]);
  });

  it('keeps its tallies with every change, equal to a count of the rows, and a deleted fax leaves no name behind', async () => {
    const owner = await customer();
    const other = await createUser(t, { name: 'Leaving sender' });
    const sent = await insertFaxes(owner.accountId, owner.id, 6, { recipientName: 'Cedar Dental', status: 'sending' });
    await insertFaxes(owner.accountId, other.id, 2, { recipientName: 'Cedar Dental' });
    const received = await insertFaxes(owner.accountId, null, 3, {
      direction: 'inbound',
      status: 'received',
      senderName: 'Cedar Dental',
      fromNumber: '+12025550999',
    });
    const secret = await insertFaxes(owner.accountId, owner.id, 1, { recipientName: 'Private Person' });
    const cookie = owner.cookie;
    const words = async () => ({
      processing: (await list(cookie, 'search=processing')).counts.outbound,
      unread: (await list(cookie, 'search=unread')).counts.inbound,
      read: (await list(cookie, 'search=read')).counts.inbound,
    });
    expect(await words()).toEqual({ processing: 6, unread: 3, read: 0 });

    await t.db.update(faxes).set({ status: 'delivered' }).where(eq(faxes.id, sent[0]!.id));
    await t.db.update(faxes).set({ readAt: new Date() }).where(eq(faxes.id, received[0]!.id));
    await t.db.delete(faxes).where(eq(faxes.id, sent[1]!.id));
    await t.db.execute(sql`DELETE FROM users WHERE id = ${other.id}`);
    await t.env.notifications.caughtUp();
    expect(await words()).toEqual({ processing: 4, unread: 2, read: 1 });
    expect((await list(cookie, 'search=cedar')).counts).toEqual({ outbound: 7, inbound: 3 });

    await t.db.delete(faxes).where(eq(faxes.id, secret[0]!.id));
    await t.env.notifications.caughtUp();
    expect((await list(cookie, 'search=private')).counts).toEqual({ outbound: 0, inbound: 0 });
    const kept = await t.db.execute<{ difference: number }>(sql`
      SELECT count(*)::int AS difference FROM (
        (SELECT user_id, direction, status, unread, search_text, faxes FROM fax_search_tallies WHERE account_id = ${owner.accountId}
         EXCEPT SELECT CASE WHEN direction = 'inbound' THEN CASE WHEN filed_at IS NULL THEN 'unfiled' ELSE 'inbox:' || coalesce(inbox_id::text, '') END ELSE coalesce(user_id, '') END, direction, status, direction = 'inbound' AND read_at IS NULL, search_text, count(*)::int
         FROM faxes WHERE account_id = ${owner.accountId} GROUP BY 1, 2, 3, 4, 5)
        UNION ALL
        (SELECT CASE WHEN direction = 'inbound' THEN CASE WHEN filed_at IS NULL THEN 'unfiled' ELSE 'inbox:' || coalesce(inbox_id::text, '') END ELSE coalesce(user_id, '') END, direction, status, direction = 'inbound' AND read_at IS NULL, search_text, count(*)::int
         FROM faxes WHERE account_id = ${owner.accountId} GROUP BY 1, 2, 3, 4, 5
         EXCEPT SELECT user_id, direction, status, unread, search_text, faxes FROM fax_search_tallies WHERE account_id = ${owner.accountId})
      ) AS differences`);
    expect(kept.rows[0]!.difference).toBe(0);
    const left = await t.db.execute(sql`SELECT 1 FROM fax_search_tallies WHERE search_text LIKE '%private person%'`);
    expect(left.rows).toEqual([]);
  });
});

describe('lean requests', () => {
  it('serves a history page with at most two database queries', async () => {
    const owner = await customer();
    await insertFaxes(owner.accountId, owner.id, 30);
    await list(owner.cookie, 'direction=outbound'); // the session is read once from the database, then from its cookie
    // Every query takes a connection from the pool (a plain query and a transaction alike): count those.
    const pool = t.env.database.pool;
    let queries = 0;
    const count = () => void (queries += 1);
    pool.on('acquire', count);
    try {
      for (const query of ['direction=outbound', 'direction=outbound&search=recipient', 'direction=inbound&sort=status&order=asc']) {
        queries = 0;
        await list(owner.cookie, query);
        expect(queries, query).toBeLessThanOrEqual(2);
      }
    } finally {
      pool.off('acquire', count);
    }
  });
});
