import { ADMIN_AUDIT_PAGE_SIZE, ZAdminAuditFacets, ZApiError, type TAdminAuditResponse } from '@faxline/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { createUser } from '@test-support/factories/accounts';
import { unique } from '@test-support/factories/values';
import { auditPage } from '../support/admin-audit';
import { TEST_ORIGIN, openTestApp, adminSession, type TestApp } from '../support/test-app';

let t: TestApp;
let cookie: string;
let admin: { id: string; email: string };
let grace: { id: string; email: string; name: string };

type EventRow = typeof auditEvents.$inferInsert;
const event = (overrides: Partial<EventRow> & Pick<EventRow, 'action' | 'objectType' | 'at'>): EventRow => ({
  actorUserId: null,
  accountId: null,
  ip: '198.51.100.7',
  objectId: null,
  outcome: 'success',
  ...overrides,
});

/**
 * Known events in March 2024 (older than anything the set-up records), 120 plan edits in January 2024 for paging,
 * an actor who has since been deleted and events of the system (no actor).
 */
beforeAll(async () => {
  t = await openTestApp();
  ({ person: admin, cookie } = await adminSession(t, { name: 'Audit Admin' }));
  grace = await createUser(t, { name: `Grace ${unique('hopper')}`, email: `${unique('grace')}@example.com` });

  await t.db.insert(auditEvents).values([
    event({
      at: new Date('2024-03-10T10:00:00Z'),
      actorUserId: grace.id,
      action: 'fax.send',
      objectType: 'fax',
      objectId: 'fax-1',
      details: { to: '+12025550143', files: 2 },
    }),
    event({ at: new Date('2024-03-11T23:59:59Z'), actorUserId: grace.id, action: 'fax.view', objectType: 'fax', objectId: 'fax-1' }),
    event({ at: new Date('2024-03-12T00:00:00Z'), actorUserId: admin.id, action: 'user.create', objectType: 'user', objectId: grace.id }),
    event({
      at: new Date('2024-03-15T08:00:00Z'),
      action: 'fax.deliver',
      objectType: 'fax',
      objectId: 'fax-2',
      outcome: 'failure',
      ip: null,
    }),
    event({
      at: new Date('2024-03-20T08:00:00Z'),
      actorUserId: 'deleted-person-id',
      action: 'member.remove',
      objectType: 'member',
      objectId: 'member-1',
      outcome: 'denied',
    }),
    ...Array.from({ length: 120 }, (_, i) =>
      event({
        at: new Date(Date.UTC(2024, 0, 1, 0, i)),
        actorUserId: admin.id,
        action: 'plan.update',
        objectType: 'plan',
        objectId: `plan-${i}`,
      }),
    ),
  ]);
}, 120_000);
afterAll(() => t.close());

const audit = (query: string) => auditPage(t.app, cookie, query);

const objectIds = (result: TAdminAuditResponse) => result.events.map((e) => e.objectId);
const actions = (result: TAdminAuditResponse) => result.events.map((e) => e.action);

describe('GET /api/admin/audit (the audit log viewer: filters, newest first, 50 a page)', () => {
  it('lists everything newest first, with the actor joined', async () => {
    const result = await audit('');
    expect(result.pageSize).toBe(ADMIN_AUDIT_PAGE_SIZE);
    expect(result.total).toBeGreaterThanOrEqual(125);
    const times = result.events.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by person: id, part of the e-mail address or the name in any case; a deleted actor keeps their id', async () => {
    for (const actor of [grace.id, grace.email.slice(0, 12).toUpperCase(), grace.name.split(' ')[1]!.toUpperCase()]) {
      const result = await audit(`?actor=${encodeURIComponent(actor)}`);
      expect(actions(result), actor).toEqual(['fax.view', 'fax.send']);
      expect(result.events[0]!.actor).toEqual({ email: grace.email, name: grace.name });
      expect(result.events[0]!.actorUserId).toBe(grace.id);
    }
    const deleted = await audit('?actor=deleted-person-id');
    expect(deleted.events).toHaveLength(1);
    expect(deleted.events[0]).toMatchObject({ actorUserId: 'deleted-person-id', actor: null, outcome: 'denied', action: 'member.remove' });
    // % and _ are literal characters, not wildcards.
    expect((await audit('?actor=%25')).total).toBe(0);
  });

  it('filters by action, by object type and by object id', async () => {
    expect(objectIds(await audit('?action=fax.view'))).toEqual(['fax-1']);
    const faxEvents = await audit('?objectType=fax');
    expect(actions(faxEvents)).toEqual(['fax.deliver', 'fax.view', 'fax.send']);
    expect(faxEvents.events[0]).toMatchObject({ actor: null, actorUserId: null, ip: null, outcome: 'failure' });
    expect(actions(await audit('?objectType=fax&objectId=fax-1'))).toEqual(['fax.view', 'fax.send']);
    const send = await audit('?action=fax.send');
    expect(send.events[0]).toMatchObject({ ip: '198.51.100.7', details: { to: '+12025550143', files: 2 }, accountId: null });
    // Empty fields (as a form sends them) do not filter.
    expect((await audit('?action=&objectType=&actor=&from=&to=')).total).toBe((await audit('')).total);
  });

  it('filters by UTC date: whole days for bare dates, both ends included; exact times too', async () => {
    expect(actions(await audit('?from=2024-03-11&to=2024-03-12'))).toEqual(['user.create', 'fax.view']);
    expect(actions(await audit('?from=2024-03-12&to=2024-03-12'))).toEqual(['user.create']);
    expect(actions(await audit('?from=2024-03-15'))).not.toContain('user.create');
    expect(actions(await audit('?to=2024-03-10&objectType=fax'))).toEqual(['fax.send']);
    const exact = encodeURIComponent('2024-03-11T23:59:59Z');
    expect(actions(await audit(`?from=${exact}&to=${exact}`))).toEqual(['fax.view']);
    expect(actions(await audit(`?from=${encodeURIComponent('2024-03-12T01:00:00+02:00')}&to=2024-03-12`))).toEqual([
      'user.create',
      'fax.view',
    ]);
  });

  it('pages by 50: the newest first, the last page partial, past the end empty', async () => {
    const first = await audit('?action=plan.update');
    expect(first.total).toBe(120);
    expect(first.events).toHaveLength(50);
    expect(first.events[0]!.objectId).toBe('plan-119');
    expect(first.events[0]!.actor).toEqual({ email: admin.email, name: 'Audit Admin' });
    const third = await audit('?action=plan.update&page=3');
    expect(objectIds(third)).toEqual(Array.from({ length: 20 }, (_, i) => `plan-${19 - i}`));
    expect((await audit('?action=plan.update&page=4')).events).toEqual([]);
  });

  it('refuses bad dates and pages with 400 and a translated message', async () => {
    const cases = [
      ['?from=2024-02-30', 'Enter a date as YYYY-MM-DD'],
      ['?to=yesterday', 'Enter a date as YYYY-MM-DD'],
      ['?from=2024-03-12&to=2024-03-11', 'The end date must not be before the start date.'],
      ['?page=0', ''],
      ['?page=two', ''],
    ] as const;
    for (const [query, text] of cases) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: { cookie, 'accept-language': 'en' } });
      expect(response.statusCode, query).toBe(400);
      const { error } = ZApiError.parse(response.json());
      expect(error.type).toBe('invalid_request');
      expect(error.message).toContain(text);
    }
    const spanish = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?from=2024-13-01',
      headers: { cookie, 'accept-language': 'es' },
    });
    expect(ZApiError.parse(spanish.json()).error.message).toContain('Introduzca una fecha como AAAA-MM-DD');
  });

  it('is read-only: reading the log and its facets records nothing; the signed out get 401', async () => {
    const before = await t.db.select({ n: count() }).from(auditEvents);
    await audit('?action=fax.send');
    await t.app.inject({ method: 'GET', url: '/api/admin/audit/facets', headers: { cookie } });
    const after = await t.db.select({ n: count() }).from(auditEvents);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/audit', headers: { cookie, origin: TEST_ORIGIN } })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/admin/audit/facets', () => {
  it('gives the distinct actions and object types, sorted, for the filter selects', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/audit/facets', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const facets = ZAdminAuditFacets.parse(response.json());
    expect(facets.actions).toEqual(
      expect.arrayContaining(['fax.deliver', 'fax.send', 'fax.view', 'member.remove', 'plan.update', 'user.create']),
    );
    expect(facets.objectTypes).toEqual(expect.arrayContaining(['fax', 'member', 'plan', 'user']));
    expect(facets.actions).toEqual([...new Set(facets.actions)].sort());
    expect(facets.objectTypes).toEqual([...new Set(facets.objectTypes)].sort());
  });
});
