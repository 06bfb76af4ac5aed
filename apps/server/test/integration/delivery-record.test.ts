import {
  DELIVERY_WINDOWS,
  DELIVERY_WINDOW_HOURS,
  FAX_LINES,
  ZAccountDeliveryRecord,
  ZPublicStatus,
  type TDeliveryFigures,
  type TDeliveryWindowFigures,
  type TFaxFailureReason,
  type TFaxLine,
  type TOutboundFaxStatus,
} from '@faxline/shared';
import { ZV1Status } from '@faxline/shared/api-v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { createFaxAttempt } from '@test-support/factories/fax-attempts';
import { createFax } from '@test-support/factories/faxes';
import { announcements } from '../../src/announcements/schema';
import { fixedClock, setClock } from '../../src/platform/clock';
import { callApi, errorOf, openTestApp, signIn, someClientAddress, type TestApp } from '../support/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A sent fax as the test lays it out, in milliseconds before now: its times, its end and its calls. */
type Story = {
  who: 'owner' | 'user' | 'other';
  line: TFaxLine;
  status: Exclude<TOutboundFaxStatus, 'queued' | 'scheduled' | 'converting' | 'sending'>;
  reason?: TFaxFailureReason;
  /** When it was accepted, ago; `dueAgo` when it was scheduled for later. */
  createdAgo: number;
  dueAgo?: number;
  /** Each call: when it started after the fax was due (or accepted), and whether its worker died under it. */
  calls: { after: number; interrupted?: boolean }[];
  /** When it ended, after it was due (or accepted). */
  endedAfter: number;
};

/**
 * Faxes of two accounts over 40 days, on five lines, ending every way a fax ends: delivered first time, after a busy
 * try, after a try cut by its worker's death; partly delivered, uncertain, failed after three tries, canceled between
 * tries; and the faxes the record leaves out (canceled or refused before a call, ended 40 days ago, received).
 */
const STORIES: Story[] = [
  { who: 'owner', line: 'sandbox', status: 'delivered', createdAgo: 1 * HOUR, calls: [{ after: 7_000 }], endedAfter: 95_000 },
  {
    who: 'owner',
    line: 'sandbox',
    status: 'delivered',
    createdAgo: 2 * HOUR,
    calls: [{ after: 4_000 }, { after: 184_000 }],
    endedAfter: 290_000,
  },
  {
    who: 'owner',
    line: 'sandbox',
    status: 'delivered',
    createdAgo: 6 * HOUR,
    calls: [{ after: 3_000, interrupted: true }, { after: 41_000 }],
    endedAfter: 133_000,
  },
  {
    who: 'owner',
    line: 'sandbox',
    status: 'failed',
    reason: 'busy',
    createdAgo: 3 * DAY,
    calls: [{ after: 5_000 }, { after: 185_000 }, { after: 365_000 }],
    endedAfter: 400_000,
  },
  {
    who: 'owner',
    line: 'sandbox',
    status: 'canceled',
    reason: 'canceled',
    createdAgo: 2 * DAY,
    calls: [{ after: 9_000 }],
    endedAfter: 100_000,
  },
  { who: 'owner', line: 'internal', status: 'delivered', createdAgo: 10 * HOUR, calls: [{ after: 2_000 }], endedAfter: 3_000 },
  {
    who: 'owner',
    line: 'telnyx',
    status: 'partially_delivered',
    reason: 'partial',
    createdAgo: 5 * DAY,
    calls: [{ after: 11_000 }],
    endedAfter: 170_000,
  },
  {
    who: 'owner',
    line: 'telnyx',
    status: 'failed',
    reason: 'uncertain',
    createdAgo: 20 * HOUR,
    calls: [{ after: 13_000 }],
    endedAfter: 150_000,
  },
  // Scheduled: sent 2 days before it was due; counted from the time it was due.
  {
    who: 'owner',
    line: 'telnyx',
    status: 'delivered',
    createdAgo: 14 * DAY,
    dueAgo: 12 * DAY,
    calls: [{ after: 6_000 }],
    endedAfter: 77_000,
  },
  { who: 'user', line: 'hylafax', status: 'delivered', createdAgo: 2 * HOUR + 30 * MINUTE, calls: [{ after: 8_000 }], endedAfter: 121_000 },
  { who: 'user', line: 'sandbox', status: 'delivered', createdAgo: 8 * DAY, calls: [{ after: 5_500 }], endedAfter: 88_000 },
  {
    who: 'other',
    line: 'signalwire',
    status: 'delivered',
    createdAgo: 25 * DAY,
    calls: [{ after: 10_000 }, { after: 200_000 }, { after: 400_000 }],
    endedAfter: 510_000,
  },
  { who: 'other', line: 'sandbox', status: 'delivered', createdAgo: 29 * DAY, calls: [{ after: 12_000 }], endedAfter: 101_000 },
  // Left out: no call was made, or it ended before the 30 days.
  { who: 'owner', line: 'sandbox', status: 'canceled', reason: 'canceled', createdAgo: 1 * HOUR, calls: [], endedAfter: 1_000 },
  { who: 'owner', line: 'sandbox', status: 'failed', reason: 'conversion_error', createdAgo: 3 * HOUR, calls: [], endedAfter: 20_000 },
  { who: 'owner', line: 'sandbox', status: 'delivered', createdAgo: 40 * DAY, calls: [{ after: 5_000 }], endedAfter: 90_000 },
];

let t: TestApp;
let now: Date;
let ownerCookie: string;
let userCookie: string;
let billingCookie: string;

beforeAll(async () => {
  t = await openTestApp({ work: false });
  now = new Date();
  setClock(fixedClock(now));
  const mine = await createAccount(t, { members: [{ role: 'user' }, { role: 'billing' }] });
  const other = await createAccount(t);
  const [user, billing] = mine.members;
  const people = {
    owner: { accountId: mine.id, userId: mine.owner.id },
    user: { accountId: mine.id, userId: user!.id },
    other: { accountId: other.id, userId: other.owner.id },
  };
  for (const story of STORIES) {
    const createdAt = new Date(now.getTime() - story.createdAgo);
    const due = story.dueAgo === undefined ? createdAt : new Date(now.getTime() - story.dueAgo);
    const fax = await createFax(t, {
      ...people[story.who],
      status: story.status,
      line: story.line,
      failureReason: story.reason ?? null,
      createdAt,
      scheduledAt: story.dueAgo === undefined ? null : due,
      completedAt: new Date(due.getTime() + story.endedAfter),
    });
    for (const [index, call] of story.calls.entries())
      await createFaxAttempt(t.db, {
        faxId: fax.id,
        number: index + 1,
        line: story.line,
        startedAt: new Date(due.getTime() + call.after),
        interrupted: call.interrupted ?? false,
        result: index === story.calls.length - 1 ? (story.status === 'delivered' ? 'delivered' : (story.reason ?? 'busy')) : 'busy',
      });
  }
  // A received fax is not a delivery of Faxline's.
  await createFax(t, { accountId: mine.id, status: 'received', createdAt: new Date(now.getTime() - HOUR) });

  await t.db.insert(announcements).values([
    notice('incident', 3 * DAY, -DAY, 'Telnyx calls fail', 'Les appels Telnyx échouent'),
    notice('maintenance', 10 * DAY, 10 * DAY - 2 * HOUR, 'Database upgrade', ''),
    // Not on /status: the terms, a notice for one plan's customers, and one of 40 days ago.
    notice('terms', DAY, -DAY, 'New terms', ''),
    { ...notice('incident', 2 * DAY, -DAY, 'Only the Basic plan', ''), planId: 'basic' },
    notice('incident', 40 * DAY, 39 * DAY, 'Long ago', ''),
  ]);

  ownerCookie = await signIn(t.app, mine.owner.email);
  userCookie = await signIn(t.app, user!.email);
  billingCookie = await signIn(t.app, billing!.email);
});

afterAll(async () => {
  setClock();
  await t?.close();
});

function notice(kind: 'incident' | 'maintenance' | 'terms', sentAgo: number, endsAgo: number, title: string, frenchTitle: string) {
  const words = (text: string) => ({ title: text, body: text === '' ? '' : `${text}.` });
  return {
    kind,
    texts: { en: words(title), es: words(''), fr: words(frenchTitle) },
    createdAt: new Date(now.getTime() - sentAgo),
    endsAt: new Date(now.getTime() - endsAgo),
  };
}

/** PostgreSQL's percentile_cont, step by step as it computes it (orderedsetaggs.c), rounded to the millisecond. */
function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const first = Math.floor(position);
  const second = Math.ceil(position);
  const low = sorted[first]!;
  return Math.round(first === second ? low : low + (sorted[second]! - low) * (position - first));
}

/** The figures of these stories in one window, worked out here from the stories, not from the rows. */
function expectedFigures(stories: Story[]): TDeliveryFigures {
  const calls = (s: Story) => s.calls.filter((c) => !c.interrupted).length;
  const delivered = stories.filter((s) => s.status === 'delivered');
  const firstTry = delivered.filter((s) => calls(s) === 1).length;
  const attempts = delivered.reduce((sum, s) => sum + calls(s), 0);
  const dial = stories.map((s) => Math.min(...s.calls.map((c) => c.after)));
  const deliver = delivered.map((s) => s.endedAfter);
  return {
    faxes: stories.length,
    deliveredFirstTry: firstTry,
    firstTryShare: stories.length > 0 ? firstTry / stories.length : null,
    delivered: delivered.length,
    deliveredAttempts: attempts,
    attemptsPerDelivered: delivered.length > 0 ? attempts / delivered.length : null,
    acceptedToDialling: dial.length > 0 ? { p50Ms: percentile(dial, 0.5), p95Ms: percentile(dial, 0.95) } : null,
    acceptedToDelivered: deliver.length > 0 ? { p50Ms: percentile(deliver, 0.5), p95Ms: percentile(deliver, 0.95) } : null,
  };
}

function expectedWindows(who: Story['who'][]): TDeliveryWindowFigures[] {
  return DELIVERY_WINDOWS.map((window) => {
    const since = DELIVERY_WINDOW_HOURS[window] * HOUR;
    const counted = STORIES.filter((s) => {
      const endedAgo = (s.dueAgo ?? s.createdAgo) - s.endedAfter;
      return who.includes(s.who) && s.calls.length > 0 && endedAgo <= since;
    });
    return {
      window,
      overall: expectedFigures(counted),
      lines: FAX_LINES.flatMap((line) => {
        const ofLine = counted.filter((s) => s.line === line);
        return ofLine.length > 0 ? [{ line, ...expectedFigures(ofLine) }] : [];
      }),
    };
  });
}

describe('the delivery record (decision 122)', () => {
  it('/status shows, to anyone, the figures of every sent fax worked out from the stories, and the notices of 30 days', async () => {
    const response = await callApi(t.app, 'GET', '/api/status', { language: 'fr', remoteAddress: someClientAddress() });
    expect(response.statusCode, response.body).toBe(200);
    const status = ZPublicStatus.parse(response.json());
    expect(status.windows).toEqual(expectedWindows(['owner', 'user', 'other']));
    expect(status.attemptsAnchor).toBe(1.3);
    // The stories cover the figures' interesting cases (a test that checks zeros against zeros could not fail).
    const month = status.windows[2]!.overall;
    expect(month).toMatchObject({ faxes: 13, delivered: 9, deliveredFirstTry: 7, deliveredAttempts: 12 });
    expect(status.windows[0]!.lines.map((l) => l.line)).toEqual(['internal', 'sandbox', 'hylafax', 'telnyx']);

    expect(status.incidents.map((i) => [i.kind, i.title, i.state, i.language])).toEqual([
      ['incident', 'Les appels Telnyx échouent', 'ongoing', 'fr'],
      ['maintenance', 'Database upgrade', 'ended', 'en'],
    ]);
    expect(status.incidents[1]!.startedAt).toBe(new Date(now.getTime() - 10 * DAY).toISOString());
  });

  it('GET /v1/status answers the same figures without a key, in the API words', async () => {
    const response = await callApi(t.app, 'GET', '/v1/status', { remoteAddress: someClientAddress() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-ratelimit-limit']).toBeDefined();
    const status = ZV1Status.parse(response.json());
    const windows = expectedWindows(['owner', 'user', 'other']);
    const v1 = (f: TDeliveryFigures) => ({
      faxes: f.faxes,
      delivered_first_try: f.deliveredFirstTry,
      first_try_share: f.firstTryShare,
      delivered: f.delivered,
      delivered_attempts: f.deliveredAttempts,
      attempts_per_delivered: f.attemptsPerDelivered,
      accepted_to_dialling: f.acceptedToDialling && { p50_ms: f.acceptedToDialling.p50Ms, p95_ms: f.acceptedToDialling.p95Ms },
      accepted_to_delivered: f.acceptedToDelivered && { p50_ms: f.acceptedToDelivered.p50Ms, p95_ms: f.acceptedToDelivered.p95Ms },
    });
    expect(status.windows).toEqual(
      windows.map((w) => ({ window: w.window, overall: v1(w.overall), lines: w.lines.map(({ line, ...f }) => ({ line, ...v1(f) })) })),
    );
    expect(status.incidents.map((i) => [i.title, i.state])).toEqual([
      ['Telnyx calls fail', 'ongoing'],
      ['Database upgrade', 'ended'],
    ]);
  });

  it("the dashboard's figures: the owner's account, a User's own faxes, none for a Billing contact or a stranger", async () => {
    const owner = await callApi(t.app, 'GET', '/api/delivery-record', { cookie: ownerCookie });
    expect(owner.statusCode, owner.body).toBe(200);
    const account = ZAccountDeliveryRecord.parse(owner.json());
    expect(account.scope).toBe('account');
    expect(account.windows).toEqual(expectedWindows(['owner', 'user']));

    const user = ZAccountDeliveryRecord.parse((await callApi(t.app, 'GET', '/api/delivery-record', { cookie: userCookie })).json());
    expect(user.scope).toBe('own');
    expect(user.windows).toEqual(expectedWindows(['user']));
    expect(user.windows[2]!.overall.faxes).toBe(2);

    const billing = await callApi(t.app, 'GET', '/api/delivery-record', { cookie: billingCookie });
    expect(billing.statusCode).toBe(403);
    expect(errorOf(billing).code).toBe('errors.forbidden');
    expect((await callApi(t.app, 'GET', '/api/delivery-record')).statusCode).toBe(401);
  });
});
