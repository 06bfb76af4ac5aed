import { DOCUMENT_CLASSES, formatPhoneInternational, type TConditionVerdict, type TRuleCondition } from '@faxline/shared';
import type { TFunction } from 'i18next';

type TFaxesT = TFunction<'faxes'>;

/** "A, B or C" in the page's language. */
const anyOf = (values: string[], language: string) => new Intl.ListFormat(language, { type: 'disjunction' }).format(values);

/** The weekday names (0 Sunday to 6 Saturday) in the page's language, from a week known to start on a Sunday. */
function dayName(day: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));
}

/** What a rule's condition asks, in words ("the caller's number begins with +1 415"). */
export function conditionWords(condition: TRuleCondition, t: TFaxesT, language: string): string {
  switch (condition.kind) {
    case 'called_number':
      return t('placement.conditions.called_number', { numbers: anyOf(condition.numbers.map(formatPhoneInternational), language) });
    case 'caller':
      return t('placement.conditions.caller', { prefixes: anyOf(condition.prefixes, language) });
    case 'station_id':
      return t('placement.conditions.station_id', { text: condition.contains });
    case 'time':
      return t('placement.conditions.time', {
        days: anyOf(
          [...condition.days].sort((a, b) => a - b).map((day) => dayName(day, language)),
          language,
        ),
        from: condition.from,
        to: condition.to,
      });
    case 'pages':
      if (condition.min !== null && condition.max !== null)
        return t('placement.conditions.pagesBetween', { min: condition.min, max: condition.max });
      return condition.min !== null
        ? t('placement.conditions.pagesAtLeast', { count: condition.min })
        : t('placement.conditions.pagesAtMost', { count: condition.max ?? 0 });
    case 'document_class':
      return t('placement.conditions.document_class', {
        classes: anyOf(
          condition.classes.map((documentClass) => t(`details.documentClass.classes.${documentClass}`)),
          language,
        ),
      });
    case 'words':
      return t('placement.conditions.words', { query: condition.query });
  }
}

/** One condition as the fax met it: what it asks, and what the fax showed ("…: it was +1 415 555 0100"). */
export function verdictWords(verdict: TConditionVerdict, t: TFaxesT, language: string): string {
  const asked = conditionWords(verdict.condition, t, language);
  const value = observedWords(verdict, t);
  const observed = value === null ? t('placement.observedNothing') : t('placement.observed', { value });
  return t(verdict.met ? 'placement.verdictMet' : 'placement.verdictNotMet', { condition: asked, observed });
}

/** What the fax showed, as the rest of the page writes it: a number in its international form, a class by its name. */
function observedWords({ condition, observed }: TConditionVerdict, t: TFaxesT): string | null {
  if (observed === null) return null;
  if (condition.kind === 'called_number' || condition.kind === 'caller') return formatPhoneInternational(observed);
  if (condition.kind === 'document_class' && (DOCUMENT_CLASSES as readonly string[]).includes(observed)) {
    return t(`details.documentClass.classes.${observed as (typeof DOCUMENT_CLASSES)[number]}`);
  }
  return observed;
}
