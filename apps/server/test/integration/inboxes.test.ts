import {
  ZDryRunResult,
  ZFaxAssignees,
  ZFaxDetails,
  ZFaxListResponse,
  ZFaxPlacement,
  ZFaxTimeline,
  ZInboxFaxPage,
  ZInboxList,
  ZRoutingRule,
  ZSendFaxResponse,
  type TRoutingRuleInput,
} from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { FAX_TEXT_CORPUS, typedPdf } from '@test-support/fax-text-corpus';
import { mailboxMessages } from '../../src/email/schema';
import { faxEvents } from '../../src/events/schema';
import { faxes } from '../../src/faxes/schema';
import { sendFaxRequest } from '../support/faxes';
import { openTestApp, signIn, TEST_ORIGIN, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
}, 120_000);
afterAll(() => t.close());

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie, 'accept-language': 'fr' }, ...(payload ? { payload } : {}) });

async function sendFrom(cookie: string, recipientNumber: string, bytes?: Uint8Array): Promise<string> {
  const response = await sendFaxRequest(t.app, cookie, { recipientNumber, faxQuality: 'fine' }, [
    { name: 'referral.pdf', bytes: bytes ?? (await makePdf(1, 'Referral')) },
  ]);
  expect(response.statusCode, response.body).toBe(202);
  const sentId = ZSendFaxResponse.parse(response.json()).faxId;
  await expect.poll(async () => (await t.db.select().from(faxes).where(eq(faxes.sourceFaxId, sentId))).length, { timeout: 60_000 }).toBe(1);
  return (await t.db.select({ id: faxes.id }).from(faxes).where(eq(faxes.sourceFaxId, sentId)))[0]!.id;
}

const filed = async (faxId: string) => {
  await expect
    .poll(async () => (await t.db.select({ filedAt: faxes.filedAt }).from(faxes).where(eq(faxes.id, faxId)))[0]?.filedAt, {
      timeout: 60_000,
    })
    .toBeTruthy();
};

const receivedCount = async (cookie: string) =>
  ZFaxListResponse.parse((await call(cookie, 'GET', '/api/faxes?direction=inbound')).json()).counts.inbound;

describe('shared inboxes and routing rules (issue 37, items 1 and 2)', () => {
  it('files a received fax by the first matching rule, shows it to its inbox alone, and records every move', async () => {
    const sender = await createAccount(t, { owner: { name: 'Dr. Okafor Referrals' } });
    const clinic = await createAccount(t, {
      owner: { name: 'Clinic Owner' },
      members: [
        { role: 'user', name: 'Ana Front Desk' },
        { role: 'user', name: 'Luis Billing' },
      ],
    });
    const [ana, luis] = clinic.members as [(typeof clinic.members)[0], (typeof clinic.members)[0]];
    const owner = await signIn(t.app, clinic.owner.email);
    const anaCookie = await signIn(t.app, ana.email);
    const luisCookie = await signIn(t.app, luis.email);
    const senderCookie = await signIn(t.app, sender.owner.email);

    // Before any inbox or rule: a fax lands filed, seen by everyone.
    const before = await sendFrom(senderCookie, clinic.number!);
    expect((await t.db.select({ filedAt: faxes.filedAt }).from(faxes).where(eq(faxes.id, before)))[0]!.filedAt).not.toBeNull();
    expect(await receivedCount(luisCookie)).toBe(1);

    // A User may not make inboxes; the owner makes two, the number landing in Billing.
    expect((await call(anaCookie, 'POST', '/api/inboxes', { name: 'X', memberIds: [], numbers: [] })).statusCode).toBe(403);
    const bad = await call(owner, 'POST', '/api/inboxes', { name: '', memberIds: [], numbers: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Saisissez le nom de la boîte');
    await call(owner, 'POST', '/api/inboxes', { name: 'Referrals', memberIds: [ana.id], numbers: [] });
    const made = ZInboxList.parse(
      (await call(owner, 'POST', '/api/inboxes', { name: 'Billing', memberIds: [luis.id], numbers: [clinic.number!] })).json(),
    );
    const referrals = made.inboxes.find((inbox) => inbox.name === 'Referrals')!;
    const billing = made.inboxes.find((inbox) => inbox.name === 'Billing')!;
    expect(billing.numbers).toEqual([clinic.number]);
    // A person sees the inboxes they belong to.
    expect(ZInboxList.parse((await call(anaCookie, 'GET', '/api/inboxes')).json()).inboxes.map((i) => i.name)).toEqual(['Referrals']);

    // A rule written with its dry run: the fax received before matches by its caller.
    const rule: TRoutingRuleInput = {
      name: 'Referrals from Dr. Okafor',
      enabled: true,
      conditions: [{ kind: 'caller', prefixes: [sender.number!] }],
      actions: {
        inboxId: referrals.id,
        assigneeId: ana.id,
        labels: ['urgent'],
        forwardTo: ['frontdesk@example.com'],
        webhookId: null,
        junk: false,
      },
    };
    const noCondition = await call(owner, 'POST', '/api/routing-rules/dry-run', { rule: { ...rule, conditions: [] }, ruleId: null });
    expect(noCondition.statusCode).toBe(400);
    const dry = ZDryRunResult.parse((await call(owner, 'POST', '/api/routing-rules/dry-run', { rule, ruleId: null })).json());
    expect(dry).toMatchObject({ examined: 1, placed: 1 });
    expect(dry.faxes[0]).toMatchObject({ id: before, matched: true, takenBy: null });
    expect(dry.faxes[0]!.verdicts).toEqual([{ condition: rule.conditions[0], observed: sender.number, met: true }]);
    expect((await call(anaCookie, 'POST', '/api/routing-rules/dry-run', { rule, ruleId: null })).statusCode).toBe(403);
    const saved = ZRoutingRule.parse((await call(owner, 'POST', '/api/routing-rules', rule)).json());

    // The next fax waits for the rules, unseen by Users, then is filed where the rule says.
    const routed = await sendFrom(senderCookie, clinic.number!);
    const [landedEvent] = await t.db.select({ type: faxEvents.type }).from(faxEvents).where(eq(faxEvents.faxId, routed));
    expect(landedEvent!.type).toBe('fax.landed');
    await filed(routed);
    const details = ZFaxDetails.parse((await call(anaCookie, 'GET', `/api/faxes/${routed}`)).json());
    expect(details.placement).toMatchObject({
      inboxId: referrals.id,
      inboxName: 'Referrals',
      assignee: { id: ana.id, name: 'Ana Front Desk' },
      labels: ['urgent'],
      // Given to Ana by the rule, it is still new to her.
      state: 'new',
      folder: 'inbox',
      routedBy: { ruleId: saved.id, ruleName: 'Referrals from Dr. Okafor' },
    });
    // Filed, it is `fax.received` for those told of it.
    const types = (await t.db.select({ type: faxEvents.type }).from(faxEvents).where(eq(faxEvents.faxId, routed))).map((e) => e.type);
    expect(types.sort()).toEqual(['fax.landed', 'fax.received']);
    // Forwarded by e-mail once.
    await expect
      .poll(async () => (await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, 'frontdesk@example.com'))).length, {
        timeout: 30_000,
      })
      .toBe(1);

    // Luis, of Billing, cannot see it: 404 from the fax and from the inbox, and it is not in his counts.
    expect((await call(luisCookie, 'GET', `/api/faxes/${routed}`)).statusCode).toBe(404);
    expect((await call(luisCookie, 'GET', `/api/inboxes/faxes?inbox=${referrals.id}`)).statusCode).toBe(404);
    expect((await call(luisCookie, 'PATCH', `/api/faxes/${routed}/placement`, { state: 'done' })).statusCode).toBe(404);
    // (The fax received before the inboxes is in none: everyone sees it.)
    expect(await receivedCount(luisCookie)).toBe(1);
    expect(await receivedCount(anaCookie)).toBe(2);
    expect(await receivedCount(owner)).toBe(2);
    const anaList = ZInboxFaxPage.parse((await call(anaCookie, 'GET', `/api/inboxes/faxes?inbox=${referrals.id}`)).json());
    expect(anaList.faxes.map((fax) => fax.id)).toEqual([routed]);

    // Ana hands it to Billing and marks it done: Luis sees it now; every change is on its timeline.
    const placed = ZFaxPlacement.parse(
      (await call(anaCookie, 'PATCH', `/api/faxes/${routed}/placement`, { inboxId: billing.id, assigneeId: null, state: 'done' })).json(),
    );
    expect(placed).toMatchObject({ inboxId: billing.id, assignee: null, state: 'done' });
    expect((await call(luisCookie, 'GET', `/api/faxes/${routed}`)).statusCode).toBe(200);
    expect(await receivedCount(luisCookie)).toBe(2);
    // Whom it may be given to now: who sees Billing (its member and the owner), not Ana.
    const assignees = ZFaxAssignees.parse((await call(luisCookie, 'GET', `/api/faxes/${routed}/assignees`)).json());
    expect(assignees.people.map((p) => p.name)).toEqual(['Clinic Owner', 'Luis Billing']);
    // Assigning to someone who cannot see the inbox is refused, and changes nothing.
    const refused = await call(luisCookie, 'PATCH', `/api/faxes/${routed}/placement`, { assigneeId: ana.id });
    expect(refused.statusCode).toBe(400);
    const timeline = ZFaxTimeline.parse((await call(owner, 'GET', `/api/faxes/${routed}/timeline`)).json());
    expect(timeline.entries.map((entry) => [entry.action, entry.actorName])).toEqual([
      ['fax.route', null],
      ['fax.place', 'Ana Front Desk'],
    ]);
    expect(timeline.names).toMatchObject({ [referrals.id]: 'Referrals', [billing.id]: 'Billing', [ana.id]: 'Ana Front Desk' });
    expect(timeline.entries[1]!.details).toMatchObject({
      inboxId: { from: referrals.id, to: billing.id },
      state: { from: 'new', to: 'done' },
    });

    // An inbox with faxes is not deleted (they would be seen by everyone); an empty one is.
    expect((await call(owner, 'DELETE', `/api/inboxes/${billing.id}`)).statusCode).toBe(409);
  }, 180_000);

  it("waits for the words to be read when a rule asks about them, and files by class and words in the fax's language", async () => {
    const sender = await createAccount(t, { owner: { name: 'Cabinet des Tilleuls' } });
    const clinic = await createAccount(t, { owner: { name: 'Clinique Saint-Roch' }, members: [{ role: 'user', name: 'Chloé Accueil' }] });
    const owner = await signIn(t.app, clinic.owner.email);
    const chloe = await signIn(t.app, clinic.members[0]!.email);
    const senderCookie = await signIn(t.app, sender.owner.email);
    expect((await call(owner, 'PUT', '/api/account/fax-text', { readsFaxText: true })).statusCode).toBe(200);
    const inboxes = ZInboxList.parse(
      (await call(owner, 'POST', '/api/inboxes', { name: 'Adressages', memberIds: [], numbers: [] })).json(),
    );
    const referrals = inboxes.inboxes[0]!;
    const rule: TRoutingRuleInput = {
      name: 'Adressages',
      enabled: true,
      conditions: [
        { kind: 'document_class', classes: ['referral'] },
        { kind: 'words', query: 'naissances' },
      ],
      actions: { inboxId: referrals.id, assigneeId: null, labels: [], forwardTo: [], webhookId: null, junk: false },
    };
    expect((await call(owner, 'POST', '/api/routing-rules', rule)).statusCode).toBe(200);

    const referral = FAX_TEXT_CORPUS.find((document) => document.id === 'referral-fr')!;
    const faxId = await sendFrom(senderCookie, clinic.number!, await typedPdf(referral));
    // Until its words are read and the rule has run, Chloé (in no inbox) does not see it; then it is in Adressages.
    expect((await call(chloe, 'GET', `/api/faxes/${faxId}`)).statusCode).toBe(404);
    await filed(faxId);
    const [fax] = await t.db.select().from(faxes).where(eq(faxes.id, faxId));
    expect(fax).toMatchObject({ inboxId: referrals.id, documentClass: 'referral' });
    expect(fax!.textKey).not.toBeNull();
    expect(fax!.routedBy!.verdicts.map((v) => [v.observed, v.met])).toEqual([
      ['referral', true],
      [null, true],
    ]);
    expect((await call(chloe, 'GET', `/api/faxes/${faxId}`)).statusCode).toBe(404);
    // Read before it was filed: `fax.classified` is not said apart; `fax.received` carries the class.
    const types = (await t.db.select({ type: faxEvents.type }).from(faxEvents).where(eq(faxEvents.faxId, faxId))).map((e) => e.type);
    expect(types.sort()).toEqual(['fax.landed', 'fax.received']);
  }, 180_000);
});
