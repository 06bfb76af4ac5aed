import { ZAdminAnalytics, ZApiError, type TAdminAnalytics, type TAnalyticsPoint } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/auth/schema';
import { fixedClock, setClock } from '../../src/platform/clock';
import { createUser } from '@test-support/factories/accounts';
import { createFaxes, type FaxRow, type NewFax } from '@test-support/factories/faxes';
import { openTestApp, adminSession, type TestApp } from '../support/test-app';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let cookie: string;
/** When the "now" faxes were inserted, and the UTC hour and day they fall in. */
let insertedAt: Date;
let hourStart: Date;
let dayStart: Date;

/**
 * Each test file has a database of its own, so the figures are exact. Two accounts with faxes (A, B) and one without
 * (C); faxes now, yesterday at 00:30, two days ago, ten, 45 and 400 days ago; people who joined now, 50 and 500 days ago.
 */
beforeAll(async () => {
  t = await openTestApp();
  const session = await adminSession(t, { name: 'Analytics Admin' });
  const admin = session.person;
  cookie = session.cookie;

  const personB = await createUser(t, { name: 'Account B' });
  const personC = await createUser(t, { name: 'Joined 50 days ago' });
  const personD = await createUser(t, { name: 'Joined 500 days ago' });
  const a = admin.accountId;
  const b = personB.accountId;

  insertedAt = new Date();
  // The routes read this instant too, so the hour and the day do not change under the test.
  setClock(fixedClock(insertedAt));
  hourStart = new Date(Math.floor(insertedAt.getTime() / HOUR) * HOUR);
  dayStart = new Date(Date.UTC(insertedAt.getUTCFullYear(), insertedAt.getUTCMonth(), insertedAt.getUTCDate()));
  const daysAgo = (days: number, hours = 12) => new Date(dayStart.getTime() - days * DAY + hours * HOUR);
  await t.db
    .update(users)
    .set({ createdAt: daysAgo(50) })
    .where(eq(users.id, personC.id));
  await t.db
    .update(users)
    .set({ createdAt: daysAgo(500) })
    .where(eq(users.id, personD.id));

  // Sent faxes are delivered unless said; received ones come from +12025550100 (the factory's defaults).
  const sent = (accountId: string, overrides: Partial<FaxRow>): NewFax => ({ accountId, createdAt: insertedAt, ...overrides });
  const received = (accountId: string, overrides: Partial<FaxRow>): NewFax => sent(accountId, { status: 'received', ...overrides });
  await createFaxes(t.db, [
    // Now
    sent(a, { pages: 3 }),
    sent(a, { status: 'failed', failureReason: 'busy', pages: 2 }),
    sent(a, { status: 'sending', pages: 1 }),
    received(b, { pages: 4 }),
    // Yesterday at 00:30: never in the last 24 hours (they start at 01:00 yesterday at the earliest)
    sent(a, { pages: 1, createdAt: daysAgo(1, 0.5) }),
    // Two days ago
    sent(a, { status: 'partially_delivered', failureReason: 'partial', pages: 5, createdAt: daysAgo(2) }),
    sent(a, { status: 'failed', failureReason: 'no_answer', pages: 1, createdAt: daysAgo(2) }),
    // An uncertain call (decision 119): never delivered, and not counted with the failures either
    sent(a, { status: 'failed', failureReason: 'uncertain', pages: 2, createdAt: daysAgo(2) }),
    // Ten days ago
    sent(b, { status: 'failed', failureReason: 'busy', pages: 2, createdAt: daysAgo(10) }),
    sent(b, { status: 'canceled', failureReason: 'canceled', pages: 6, createdAt: daysAgo(10) }),
    // 45 days ago: a failure whose reason was not recorded
    received(a, { pages: 7, createdAt: daysAgo(45) }),
    sent(b, { status: 'failed', failureReason: null, pages: 1, createdAt: daysAgo(45) }),
    // 400 days ago
    sent(b, { pages: 8, createdAt: daysAgo(400) }),
  ]);
}, 120_000);
afterAll(async () => {
  setClock();
  await t.close();
});

async function analytics(query = '', language = 'en'): Promise<TAdminAnalytics> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/analytics${query}`,
    headers: { cookie, 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return ZAdminAnalytics.parse(response.json());
}

const pointAt = (result: TAdminAnalytics, start: Date) => result.series.find((p) => p.start === start.toISOString());
const zero = { delivered: 0, partial: 0, uncertain: 0, failed: 0, inProgress: 0, canceled: 0, pagesSent: 0, pagesReceived: 0 };
const sum = (series: TAnalyticsPoint[], key: keyof typeof zero) => series.reduce((total, point) => total + point[key], 0);

/** Every bucket once, in order, one step apart. */
function expectContiguous(result: TAdminAnalytics, stepMs: number, count: number) {
  expect(result.series).toHaveLength(count);
  expect(result.series[0]!.start).toBe(result.from);
  result.series.forEach((point, i) => expect(new Date(point.start).getTime()).toBe(new Date(result.from).getTime() + i * stepMs));
  expect(new Date(result.to).getTime()).toBe(new Date(result.from).getTime() + count * stepMs);
}

/** The series add up to the totals (every fax of a bucket is in the period). */
function expectSeriesMatchTotals(result: TAdminAnalytics) {
  expect(sum(result.series, 'delivered')).toBe(result.totals.delivered);
  expect(sum(result.series, 'failed')).toBe(result.totals.failed);
  expect(sum(result.series, 'partial')).toBe(result.totals.partial);
  expect(sum(result.series, 'uncertain')).toBe(result.totals.uncertain);
  const ended = (['delivered', 'partial', 'uncertain', 'failed', 'inProgress', 'canceled'] as const).map((key) => sum(result.series, key));
  expect(ended.reduce((a, b) => a + b, 0)).toBe(result.totals.faxesSent);
  expect(sum(result.series, 'pagesSent')).toBe(result.totals.pagesSent);
  expect(sum(result.series, 'pagesReceived')).toBe(result.totals.pagesReceived);
}

describe('GET /api/admin/analytics (spec 001 §2.11, §4: ranges, figures from real data, UTC)', () => {
  it('last 24 hours: this hour and the 23 before, by hour, the empty hours as zeros', async () => {
    const result = await analytics('?range=last24hours');
    expect(result).toMatchObject({ range: 'last24hours', timeZone: 'UTC', bucket: 'hour' });
    expect(result.totals).toEqual({
      faxesSent: 3,
      faxesReceived: 1,
      delivered: 1,
      partial: 0,
      uncertain: 0,
      failed: 1,
      deliveredRate: 0.5,
      pagesSent: 4, // the delivered 3 and the 1 still sending; a failed fax's pages are not metered
      pagesReceived: 4,
      activeAccounts: 2,
      newPeople: 2, // the admin and B; C and D joined long ago
    });
    expectContiguous(result, HOUR, 24);
    expect(pointAt(result, hourStart)).toEqual({
      start: hourStart.toISOString(),
      ...zero,
      delivered: 1,
      failed: 1,
      inProgress: 1,
      pagesSent: 4,
      pagesReceived: 4,
    });
    const others = result.series.filter((p) => p.start !== hourStart.toISOString());
    expect(others).toHaveLength(23);
    for (const point of others) expect(point).toEqual({ start: point.start, ...zero });
    expect(result.failureReasons).toEqual([{ reason: 'busy', label: 'Busy: the line was engaged', count: 1 }]);
  });

  it('last 7 days: today and the 6 days before, by day; days without faxes appear with zeros', async () => {
    const result = await analytics('?range=last7days');
    expect(result).toMatchObject({ range: 'last7days', bucket: 'day', to: new Date(dayStart.getTime() + DAY).toISOString() });
    expect(result.totals).toEqual({
      faxesSent: 7,
      faxesReceived: 1,
      delivered: 2, // a partial delivery is partial, an uncertain fax uncertain: neither is delivered (decision 119)
      partial: 1,
      uncertain: 1,
      failed: 2,
      deliveredRate: 2 / 6,
      pagesSent: 3 + 1 + 1 + 5,
      pagesReceived: 4,
      activeAccounts: 2,
      newPeople: 2,
    });
    expectContiguous(result, DAY, 7);
    const day = (n: number) => new Date(dayStart.getTime() - n * DAY);
    expect(pointAt(result, day(0))).toMatchObject({ delivered: 1, failed: 1, inProgress: 1, canceled: 0, pagesSent: 4, pagesReceived: 4 });
    expect(pointAt(result, day(1))).toMatchObject({ ...zero, delivered: 1, pagesSent: 1 });
    expect(pointAt(result, day(2))).toEqual({ start: day(2).toISOString(), ...zero, partial: 1, uncertain: 1, failed: 1, pagesSent: 5 });
    for (const n of [3, 4, 5, 6]) expect(pointAt(result, day(n))).toEqual({ start: day(n).toISOString(), ...zero });
    expectSeriesMatchTotals(result);
    expect(result.failureReasons.map((r) => [r.reason, r.count])).toEqual([
      ['busy', 1],
      ['no_answer', 1],
      ['partial', 1],
      ['uncertain', 1],
    ]);
  });

  it('last 30 days is the default, and counts canceled faxes as sent but not their pages', async () => {
    const result = await analytics();
    expect(result).toMatchObject({ range: 'last30days', bucket: 'day' });
    expect(result.totals).toEqual({
      faxesSent: 9,
      faxesReceived: 1,
      delivered: 2,
      partial: 1,
      uncertain: 1,
      failed: 3,
      deliveredRate: 2 / 7,
      pagesSent: 10,
      pagesReceived: 4,
      activeAccounts: 2,
      newPeople: 2,
    });
    expectContiguous(result, DAY, 30);
    expect(pointAt(result, new Date(dayStart.getTime() - 10 * DAY))).toMatchObject({ ...zero, failed: 1, canceled: 1 });
    expect(result.series.filter((p) => p.delivered + p.failed + p.inProgress + p.canceled + p.pagesReceived === 0)).toHaveLength(26);
    expectSeriesMatchTotals(result);
    expect(result.failureReasons.map((r) => [r.reason, r.count])).toEqual([
      ['busy', 2],
      ['no_answer', 1],
      ['partial', 1],
      ['uncertain', 1],
    ]);
  });

  it('last 90 days: most frequent reason first, an unrecorded reason as "unknown", labels in the asked language', async () => {
    const result = await analytics('?range=last90days', 'es');
    expect(result.totals).toEqual({
      faxesSent: 10,
      faxesReceived: 2,
      delivered: 2,
      partial: 1,
      uncertain: 1,
      failed: 4,
      deliveredRate: 2 / 8,
      pagesSent: 10,
      pagesReceived: 11,
      activeAccounts: 2,
      newPeople: 3,
    });
    expectContiguous(result, DAY, 90);
    expectSeriesMatchTotals(result);
    expect(result.failureReasons).toEqual([
      { reason: 'busy', label: 'Ocupado: la línea estaba ocupada', count: 2 },
      { reason: 'no_answer', label: 'Sin respuesta', count: 1 },
      { reason: 'partial', label: 'Entregado en parte: algunas páginas no se confirmaron', count: 1 },
      { reason: 'uncertain', label: 'Incierto: la llamada terminó tras la última página sin la confirmación del receptor', count: 1 },
      { reason: 'unknown', label: 'Motivo no registrado', count: 1 },
    ]);
  });

  it('all time: from the month of the first activity, by month past a year', async () => {
    const result = await analytics('?range=alltime');
    expect(result).toMatchObject({ range: 'alltime', bucket: 'month' });
    expect(result.totals).toEqual({
      faxesSent: 11,
      faxesReceived: 2,
      delivered: 3,
      partial: 1,
      uncertain: 1,
      failed: 4,
      deliveredRate: 3 / 9,
      pagesSent: 18,
      pagesReceived: 11,
      activeAccounts: 2,
      newPeople: 4,
    });
    // D joined 500 days ago, before the first fax: all time starts with the month they joined.
    const joined = new Date(dayStart.getTime() - 500 * DAY + 12 * HOUR);
    expect(result.from).toBe(new Date(Date.UTC(joined.getUTCFullYear(), joined.getUTCMonth(), 1)).toISOString());
    expect(result.to).toBe(new Date(Date.UTC(dayStart.getUTCFullYear(), dayStart.getUTCMonth() + 1, 1)).toISOString());
    result.series.forEach((point, i) => {
      const start = new Date(point.start);
      expect([start.getUTCDate(), start.getUTCHours()]).toEqual([1, 0]);
      if (i > 0) expect((start.getUTCFullYear() - 2000) * 12 + start.getUTCMonth()).toBe(monthIndex(result.series[i - 1]!.start) + 1);
    });
    expect(result.series.length).toBeGreaterThanOrEqual(17);
    expectSeriesMatchTotals(result);
  });

  it('answers 400 with a translated message for an unknown range, and 401 to the signed out', async () => {
    for (const [language, text] of [
      ['en', 'Choose a range'],
      ['fr', 'Choisissez une période'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/analytics?range=yesterday',
        headers: { cookie, 'accept-language': language },
      });
      expect(response.statusCode).toBe(400);
      const { error } = ZApiError.parse(response.json());
      expect(error.type).toBe('invalid_request');
      expect(error.message).toContain(text);
    }
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/admin/analytics' });
    expect(signedOut.statusCode).toBe(401);
  });
});

function monthIndex(iso: string): number {
  const at = new Date(iso);
  return (at.getUTCFullYear() - 2000) * 12 + at.getUTCMonth();
}
