import { formatPhoneInternational, type TInbox, type TMember, type TRuleActions, type TRuleCondition } from '@faxline/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The names a rule's words need: the inboxes, people and webhook endpoints its actions point at. */
export type TRuleNames = {
  inboxes: readonly Pick<TInbox, 'id' | 'name'>[];
  people: readonly Pick<TMember, 'userId' | 'name'>[];
  /** Null when the endpoints could not be read. */
  webhooks: readonly { id: string; url: string }[] | null;
};

/** 1 January 2023 was a Sunday: its week gives the weekdays' names in the reader's language, Sunday first. */
const A_SUNDAY = Date.UTC(2023, 0, 1);
const DAY_MS = 86_400_000;

/** The weekdays' names, Sunday (0) to Saturday (6), `short` (Mon) or `long` (Monday). */
export function weekdayNames(language: string, width: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(A_SUNDAY + day * DAY_MS)));
}

/**
 * A rule in words, for its one-line summary in the list and for the dry run's verdicts: each condition ("Called
 * +1 555 010 0100") and the actions ("put in Sales, assign to Ann"), in the reader's language.
 */
export function useRuleWords(names: TRuleNames) {
  const { t, i18n } = useTranslation(['routing', 'faxes']);
  const language = i18n.language;

  return useMemo(() => {
    const and = new Intl.ListFormat(language, { type: 'conjunction' });
    const or = new Intl.ListFormat(language, { type: 'disjunction' });
    const days = weekdayNames(language, 'short');
    const number = new Intl.NumberFormat(language);
    // An inbox, person or endpoint deleted since the rule was saved is named as such rather than by its id.
    const unknown = t('words.unknown');
    const inboxName = (id: string) => names.inboxes.find((inbox) => inbox.id === id)?.name ?? unknown;
    const personName = (id: string) => names.people.find((person) => person.userId === id)?.name ?? unknown;
    // Endpoints that could not be read (a plan without webhooks) are not known to be deleted: named in general words.
    const webhookUrl = (id: string) =>
      names.webhooks ? (names.webhooks.find((endpoint) => endpoint.id === id)?.url ?? unknown) : t('words.someWebhook');

    const condition = (c: TRuleCondition): string => {
      switch (c.kind) {
        case 'called_number':
          return t('words.called_number', { numbers: or.format(c.numbers.map(formatPhoneInternational)) });
        case 'caller':
          return t('words.caller', { prefixes: or.format(c.prefixes) });
        case 'station_id':
          return t('words.station_id', { text: c.contains });
        case 'time':
          return t('words.time', { days: and.format(c.days.map((day) => days[day] ?? String(day))), from: c.from, to: c.to });
        case 'pages':
          if (c.min !== null && c.max !== null) return t('words.pagesBetween', { min: number.format(c.min), max: number.format(c.max) });
          if (c.min !== null) return t('words.pagesAtLeast', { min: number.format(c.min) });
          return t('words.pagesAtMost', { max: number.format(c.max ?? 0) });
        case 'document_class':
          return t('words.document_class', {
            classes: or.format(c.classes.map((name) => t(`faxes:details.documentClass.classes.${name}`))),
          });
        case 'words':
          return t('words.words', { query: c.query });
      }
    };

    const actions = (a: TRuleActions): string => {
      const parts: string[] = [];
      if (a.inboxId) parts.push(t('words.inbox', { name: inboxName(a.inboxId) }));
      if (a.assigneeId) parts.push(t('words.assignee', { name: personName(a.assigneeId) }));
      if (a.labels.length) parts.push(t('words.labels', { labels: and.format(a.labels) }));
      if (a.forwardTo.length) parts.push(t('words.forwardTo', { addresses: and.format(a.forwardTo) }));
      if (a.webhookId) parts.push(t('words.webhook', { url: webhookUrl(a.webhookId) }));
      if (a.junk) parts.push(t('words.junk'));
      return and.format(parts);
    };

    /** "When called +1 555… and on Mon, Tue 08:00–18:00: put in Sales and assign to Ann". */
    const summary = (conditions: readonly TRuleCondition[], a: TRuleActions): string =>
      t('words.summary', { conditions: and.format(conditions.map(condition)), actions: actions(a) });

    return { condition, actions, summary };
  }, [language, names, t]);
}
