import type {
  TAccountSummary,
  TFaxDetails,
  TFaxPlacement,
  TFaxTimeline,
  TFaxTimelineEntry,
  TInboxList,
  TSessionUser,
} from '@faxline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type TFunction } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { accountSummaryQueryKey } from '@/lib/account/get-account-summary';
import { AuthContext, type TAuthContext } from '@/lib/auth/use-auth';
import { i18n } from '@/lib/i18n';
import { inboxKeys } from '@/lib/inboxes/query-keys';
import enFaxes from '@/locales/en/faxes.json';
import esFaxes from '@/locales/es/faxes.json';
import frFaxes from '@/locales/fr/faxes.json';

import { placementMutationOptions } from '../api/change-placement';
import { assigneesKey } from '../api/get-fax-assignees';
import { timelineKey } from '../api/get-fax-timeline';
import { faxKeys } from '../api/query-keys';
import { problemOf } from './fax-labels-editor';
import { timelineSentence, type TTimelineNames } from '../utils/timeline';

import { FaxPlacement } from './fax-placement';

// The app's i18n reads the browser's language and the page at start: here, English with the texts the section uses.
vi.mock('@/lib/i18n', async () => {
  const { createInstance: create } = await import('i18next');
  const { initReactI18next } = await import('react-i18next');
  const { MESSAGES } = await import('@faxline/shared');
  const faxes = (await import('@/locales/en/faxes.json')).default;
  const instance = create();
  await instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { faxes, messages: MESSAGES.en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return { i18n: instance };
});

const REFERRALS = '5d1e8a52-6c1f-4f43-9a55-3b1a8c1d0a01';
const BILLING = '5d1e8a52-6c1f-4f43-9a55-3b1a8c1d0a02';
const me = { id: 'user-ana', name: 'Ana Ruiz' } as TSessionUser;

const inboxList: TInboxList = {
  inboxes: [
    { id: REFERRALS, name: 'Referrals', memberIds: ['user-ana', 'user-luis'], numbers: [], newFaxes: 3 },
    { id: BILLING, name: 'Billing', memberIds: [], numbers: [], newFaxes: 0 },
  ],
  unsorted: { newFaxes: 0 },
  mayManage: true,
};

const placement: TFaxPlacement = {
  inboxId: REFERRALS,
  inboxName: 'Referrals',
  assignee: { id: 'user-luis', name: 'Luis Mora' },
  labels: ['urgent'],
  state: 'in_progress',
  folder: 'inbox',
  filedAt: '2026-12-04T09:31:00.000Z',
  routedBy: {
    ruleId: 'rule-1',
    ruleName: 'Referrals',
    verdicts: [
      { condition: { kind: 'caller', prefixes: ['+1212'] }, observed: '+12125550199', met: true },
      { condition: { kind: 'pages', min: 2, max: 10 }, observed: '3', met: true },
      { condition: { kind: 'time', days: [5, 1], from: '08:00', to: '18:00' }, observed: 'Monday 09:30', met: true },
      { condition: { kind: 'document_class', classes: ['referral', 'lab_result'] }, observed: 'referral', met: true },
    ],
  },
};

const timeline: TFaxTimeline = {
  entries: [
    { at: '2026-12-04T09:31:00.000Z', action: 'fax.route', outcome: 'success', actorName: null, details: { ruleName: 'Referrals' } },
    {
      at: '2026-12-04T10:00:00.000Z',
      action: 'fax.place',
      outcome: 'success',
      actorName: 'Ana Ruiz',
      details: { assigneeId: { from: null, to: 'user-luis' }, labels: { from: [], to: ['urgent'] } },
    },
  ],
  names: { 'user-luis': 'Luis Mora' },
};

/** The section for a signed-in owner, with the inboxes, members and timeline already answered. */
function render(shown: TFaxPlacement = placement) {
  const client = new QueryClient();
  client.setQueryData(inboxKeys.list(), inboxList);
  client.setQueryData(accountSummaryQueryKey, { role: 'owner' } as TAccountSummary);
  // As the server answers for a fax of Referrals: the owner and its members; never a Billing contact, nor a User outside it.
  client.setQueryData(assigneesKey('fax-1'), {
    people: [
      { id: 'user-ana', name: 'Ana Ruiz' },
      { id: 'user-luis', name: 'Luis Mora' },
    ],
  });
  client.setQueryData(timelineKey('fax-1'), timeline);
  const auth = { user: me } as TAuthContext;
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(
        QueryClientProvider,
        { client },
        createElement(AuthContext.Provider, { value: auth }, createElement(FaxPlacement, { fax: { id: 'fax-1', placement: shown } })),
      ),
    ),
  );
}

/** The page's text without its tags, as a person reads it. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The select labelled `label`, from its opening tag to its end. */
const selectLabelled = (html: string, label: string) => {
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  return new RegExp(`<select[^>]*id="${id}"[^>]*>.*?</select>`).exec(html)?.[0] ?? '';
};
const options = (select: string) => [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((match) => match[1]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('where a received fax is, in its details (decision 103)', () => {
  it('offers its inbox, assignee, state and folder, each a labelled select showing where it is now', () => {
    const html = render();
    expect(html).toContain('>Where It Is</h3>');
    const inbox = selectLabelled(html, 'Inbox');
    expect(options(inbox)).toEqual(['No inbox (Unsorted)', 'Referrals', 'Billing']);
    expect(inbox).toContain(`<option value="${REFERRALS}" selected="">`);
    // Whom the server says it may go to.
    const assignee = selectLabelled(html, 'Assigned to');
    expect(options(assignee)).toEqual(['Nobody', 'Ana Ruiz', 'Luis Mora']);
    expect(assignee).toContain('<option value="user-luis" selected="">');
    expect(options(selectLabelled(html, 'State'))).toEqual(['New', 'In Progress', 'Done']);
    expect(selectLabelled(html, 'State')).toContain('<option value="in_progress" selected="">');
    expect(options(selectLabelled(html, 'Folder'))).toEqual(['Inbox', 'Archive', 'Junk']);
  });

  it('offers Claim while someone else has it, not once it is one’s own', () => {
    expect(render()).toContain('>Claim</button>');
    expect(render({ ...placement, assignee: { id: me.id, name: me.name } })).not.toContain('>Claim</button>');
  });

  it('shows its labels as chips, each with a named remove button, and a labelled field to add one', () => {
    const html = render();
    expect(html).toContain('aria-label="Remove the label urgent"');
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>New label<\/label><input[^>]*id="\1"[^>]*maxLength="40"/);
    expect(html).toContain('>Add Label</button>');
  });

  it('says which rule placed it and why, each condition with what the fax showed', () => {
    const words = text(render());
    expect(words).toContain('Placed by the rule “Referrals”:');
    expect(words).toContain('the caller’s number begins with +1212 (this fax: +1 212 555 0199)');
    expect(words).toContain('it has 2 to 10 pages (this fax: 3)');
    expect(words).toContain('it arrived on Monday or Friday between 08:00 and 18:00 (this fax: Monday 09:30)');
    expect(words).toContain('its class is Referral or Lab result (this fax: Referral)');
  });

  it('says nothing of a rule when none placed it', () => {
    expect(text(render({ ...placement, routedBy: null }))).not.toContain('Placed by the rule “Referrals”:');
  });

  it('shows its timeline as dated sentences, Faxline for what no one did', () => {
    const html = render();
    const items = [...html.matchAll(/<li class="flex flex-col sm:flex-row[^"]*">(.*?)<\/li>/g)].map((match) => text(match[1]!).trim());
    expect(items).toEqual([
      expect.stringMatching(/^Dec 4, 2026, .* Placed by the rule “Referrals”\.$/),
      expect.stringMatching(/^Dec 4, 2026, .* Ana Ruiz assigned it to Luis Mora and added the label urgent\.$/),
    ]);
  });

  it('saves a change with PATCH and shows the server’s answer at once, then refreshes the timeline and every inbox list', async () => {
    const answer: TFaxPlacement = { ...placement, state: 'done', folder: 'archive' };
    const fetch = vi.fn(async () => Response.json(answer));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    client.setQueryData(faxKeys.detail('fax-1'), { id: 'fax-1', placement } as TFaxDetails);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await client.getMutationCache().build(client, placementMutationOptions(client, 'fax-1')).execute({ state: 'done', folder: 'archive' });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/faxes/fax-1/placement');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ state: 'done', folder: 'archive' });
    expect(client.getQueryData<TFaxDetails>(faxKeys.detail('fax-1'))?.placement).toEqual(answer);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: timelineKey('fax-1') });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.all });
  });

  it('refuses a label the server would refuse, before sending it', () => {
    expect(problemOf('', [])).toBe('required');
    expect(problemOf('x'.repeat(41), [])).toBe('tooLong');
    expect(
      problemOf(
        'new',
        Array.from({ length: 10 }, (_, index) => `label ${index}`),
      ),
    ).toBe('tooMany');
    expect(problemOf('urgent', ['urgent'])).toBe('repeated');
    expect(problemOf('urgent', ['billing'])).toBeNull();
  });
});

describe('a fax’s timeline in words, in every language', () => {
  const names: TTimelineNames = {
    inboxes: new Map([[BILLING, 'Billing']]),
    people: new Map([
      ['user-luis', 'Luis Mora'],
      ['user-ana', 'Ana Ruiz'],
    ]),
  };
  const entry = (
    action: string,
    details: Record<string, unknown>,
    actorName: string | null = 'Ana Ruiz',
    outcome: TFaxTimelineEntry['outcome'] = 'success',
  ) => ({
    at: '2026-12-04T10:00:00.000Z',
    action,
    outcome,
    actorName,
    details,
  });
  const sentencesIn = async (language: 'en' | 'es' | 'fr') => {
    const texts = { en: enFaxes, es: esFaxes, fr: frFaxes }[language];
    const instance = createInstance();
    await instance.init({
      lng: language,
      resources: { [language]: { faxes: texts } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    const t = instance.getFixedT(language, 'faxes') as TFunction<'faxes'>;
    return (item: ReturnType<typeof entry>) => timelineSentence(item, t, language, names);
  };

  it('says each move as a person would', async () => {
    const say = await sentencesIn('en');
    expect(say(entry('fax.place', { inboxId: { from: REFERRALS, to: BILLING } }))).toBe('Ana Ruiz moved it to Billing.');
    expect(say(entry('fax.place', { inboxId: { from: BILLING, to: 'unknown-inbox' } }))).toBe('Ana Ruiz moved it to another inbox.');
    expect(say(entry('fax.place', { inboxId: { from: BILLING, to: null } }))).toBe('Ana Ruiz took it out of its inbox.');
    expect(say(entry('fax.place', { assigneeId: { from: null, to: 'user-ana' }, state: { from: 'new', to: 'in_progress' } }))).toBe(
      'Ana Ruiz claimed it and set its state to In Progress.',
    );
    expect(say(entry('fax.place', { assigneeId: { from: 'user-ana', to: null } }))).toBe('Ana Ruiz unassigned it.');
    expect(say(entry('fax.place', { labels: { from: ['urgent'], to: ['billing', 'late'] } }))).toBe(
      'Ana Ruiz added the labels billing and late and removed the label urgent.',
    );
    expect(say(entry('fax.place', { folder: { from: 'inbox', to: 'archive' } }))).toBe('Ana Ruiz moved it to Archive.');
    expect(say(entry('fax.place', { folder: { from: 'inbox', to: 'junk' } }, null))).toBe('Faxline moved it to Junk.');
  });

  it('says what else was done to it, and names an action it does not know', async () => {
    const say = await sentencesIn('en');
    expect(say(entry('fax.route', { ruleName: 'Referrals', ruleId: 'r' }, null))).toBe('Placed by the rule “Referrals”.');
    expect(say(entry('fax.classify', { from: 'other', to: 'invoice' }))).toBe('Ana Ruiz corrected its class to Invoice.');
    expect(say(entry('fax.request_pages', { pages: [2, 3] }))).toBe('Ana Ruiz asked the sender again for pages 2 and 3.');
    expect(say(entry('fax.route', { ruleName: 'Referrals', forwardedTo: ['a@example.com', 'b@example.com'] }, null))).toBe(
      'Placed by the rule “Referrals”, which e-mailed it to a@example.com and b@example.com.',
    );
    expect(say(entry('fax.fhir_export_request', {}))).toBe('Ana Ruiz asked to send it to the EHR.');
    expect(say(entry('fax.fhir_export', { resourceId: 'DocumentReference/42' }, null))).toBe(
      'Faxline sent it to the EHR (record DocumentReference/42).',
    );
    expect(say(entry('fax.fhir_export', { error: 'The EHR refused the token.' }, null, 'failure'))).toBe(
      'Faxline could not send it to the EHR: The EHR refused the token.',
    );
    expect(say(entry('fax.fhir_export', {}, null, 'failure'))).toBe('Faxline could not send it to the EHR.');
    // Faxline's own reasons are said in the reader's language, not as their codes.
    expect(say(entry('fax.fhir_export', { error: 'turned_off' }, null, 'failure'))).toBe(
      'Faxline could not send it to the EHR: the connection to the FHIR server is turned off.',
    );
    expect(say(entry('fax.receive', {}, null))).toBe('Faxline: fax.receive.');
  });

  it('in Spanish and French too', async () => {
    const es = await sentencesIn('es');
    const fr = await sentencesIn('fr');
    const move = entry('fax.place', { inboxId: { from: REFERRALS, to: BILLING }, assigneeId: { from: null, to: 'user-luis' } });
    expect(es(move)).toBe('Ana Ruiz lo movió a Billing y se lo asignó a Luis Mora.');
    expect(fr(move)).toBe('Ana Ruiz l’a déplacé vers Billing et l’a attribué à Luis Mora.');
    expect(es(entry('fax.route', { ruleName: 'Derivaciones' }, null))).toBe('Colocado por la regla «Derivaciones».');
    expect(fr(entry('fax.place', { state: { from: 'in_progress', to: 'done' } }))).toBe('Ana Ruiz a passé son état à Terminé.');
    expect(es(entry('fax.fhir_export', { error: 'not_connected' }, null, 'failure'))).toBe(
      'Faxline no pudo enviarlo a la historia clínica electrónica: no hay ningún servidor FHIR conectado.',
    );
  });
});
