import { LANGUAGES, RATE_COUNTRIES, type TFaqsResponse, type TLanguage } from '@faxline/shared';
import MiniSearch, { type SearchResult } from 'minisearch';

import { paths, type TSupportSection } from '@/config/paths';
import type enHelp from '@/locales/en/help.json';

import { normalizeText } from './keyword-routes';

/**
 * The helpers' answers from the real content: after the spec's keyword rules, a question is matched
 * against the published FAQs and the help sections of /support, in the language chosen, and answered with the best one
 * and a link to where it lives. This module (with MiniSearch) is loaded only when a helper first needs it.
 */

/** The help sections' texts: the `support` part of the `help` namespace, as /support renders it. */
export type THelpTexts = (typeof enHelp)['support'];

/** One FAQ or help section, as the helpers show it: its question or heading, a short answer, and where it lives. */
export type TContentAnswer = { title: string; answer: string; href: string; language: TLanguage };

type TEntry = TContentAnswer & { id: string; kind: 'faq' | 'help'; body: string };

/** The help sections of /support, each with its anchor and the text that answers in a sentence. */
const HELP_SECTIONS = [
  { key: 'emailToFax', anchor: 'how-faxline-works', answer: (help: THelpTexts) => help.emailToFax.intro },
  { key: 'portalGuide', anchor: 'how-to-fax-online', answer: (help: THelpTexts) => help.portalGuide.intro },
  { key: 'rates', anchor: 'international-rates', answer: (help: THelpTexts) => help.rates.intro },
  { key: 'status', anchor: 'system-status', answer: (help: THelpTexts) => help.status.intro },
  { key: 'contact', anchor: undefined, answer: (help: THelpTexts) => help.contact.hours },
] as const satisfies ReadonlyArray<{ key: keyof THelpTexts; anchor: TSupportSection | undefined; answer: (help: THelpTexts) => string }>;

/**
 * Words that say nothing about what is asked: the usual short words of the three languages, and 'fax', which every
 * entry is about. Words under three letters are dropped too. Kept, they would let "what is this" match something.
 */
const STOP_WORDS = new Set(
  [
    // English
    'about all also and any are can could did does for from get has have how into its just not our please should that the',
    'one their them then there they this use was were what when where which who why will with would yes you your',
    // Spanish (accents removed, as matching ignores them)
    'como con cual cuales cuando del donde esta este esto favor hay las los mas mis para por puede pueden puedo que quiero',
    'ser son sus sin sobre tengo una uno unos unas muy',
    // French
    'aux avec ces cette comment dans des est etre les mes mon nos notre oui par pas peut peux pour pouvez puis quel',
    'quelle quelles quels qui quoi sont sur une veux voudrais vos votre',
    // What every entry is about
    'fax faxes faxline faxer faxear telecopie telecopies',
  ]
    .join(' ')
    .split(' '),
);

/** Words that mean the same to the reader: "e-mail" and "email", a French "courriel". */
const SYNONYMS: Readonly<Record<string, string>> = { courriel: 'email', courriels: 'email', emails: 'email' };

/**
 * A country named in a question ("the rate to Germany", "la tarifa para Alemania") asks about sending abroad: the
 * countries' one-word names in the three languages read as "international", the word every language's rates section is
 * headed by. The rates themselves come from the server, so the section's own texts name no country.
 */
const COUNTRY_TERM = 'international';
const COUNTRY_WORDS: ReadonlySet<string> = new Set(
  LANGUAGES.flatMap((language) => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return RATE_COUNTRIES.map((code) => normalizeText(names.of(code) ?? '')).filter((name) => /^[a-z]{4,}$/.test(name));
  }),
);

/**
 * A crude stemmer that serves three languages alike: a word is known by its first five letters, so "receive",
 * "receiving" and "received", or "recibir" and "recibo", are one term.
 */
const STEM_LENGTH = 5;

function tokenize(text: string): string[] {
  // normalizeText turns "e-mail" into "e mail": join it again before the words are split.
  return normalizeText(text)
    .replace(/\be mail(s?)\b/g, 'email$1')
    .split(' ');
}

function processTerm(term: string): string | null {
  const word = SYNONYMS[term] ?? (COUNTRY_WORDS.has(term) ? COUNTRY_TERM : term);
  if (word.length < 3 || STOP_WORDS.has(word)) return null;
  return word.slice(0, STEM_LENGTH);
}

/**
 * How sure a match must be. MiniSearch scores grow with the words matched, where (an FAQ's question counts thrice)
 * and their rarity among the entries. With the starting FAQs, a question's key word in an FAQ's question scores about
 * 17 and more, one word somewhere in an answer 2 to 10: an answer needs this score and at least half of the question's
 * meaningful words, so that one common word of a question ("send", "open") is not taken for an answer.
 */
const MIN_SCORE = 12;
const MIN_COVERAGE = 0.5;

/** An FAQ outranks a help section that matches as well: it answers a question; a section explains a whole topic. */
const FAQ_BOOST = 1.5;

/** An FAQ's Markdown as a short plain text: its first paragraph, links as their words, at most `max` characters. */
export function plainSummary(markdown: string, max = 280): string {
  const first =
    markdown
      .split(/\n\s*\n/)
      .map((part) => part.trim())
      .find((part) => part !== '') ?? '';
  const plain = first
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|[-*+]\s+|>\s?|\d+[.)]\s+)/gm, '')
    .replace(/\*\*|__|[*`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

function strings(value: unknown): string[] {
  // A placeholder such as {{size}} is no word of the text.
  if (typeof value === 'string') return [value.replace(/\{\{[^}]*\}\}/g, ' ')];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/**
 * The entries to search: the FAQs as GET /api/faqs serves them to /support, then the page's help sections, whose texts
 * are in `language`.
 */
export function contentEntries(faqs: TFaqsResponse | null, help: THelpTexts | null, language: TLanguage): TEntry[] {
  const faqHref = paths.support.getHref('faqs');
  const faqEntries: TEntry[] = (faqs?.faqs ?? []).map((faq) => ({
    id: `faq:${faq.id}`,
    kind: 'faq',
    title: faq.question,
    answer: plainSummary(faq.answer),
    body: `${faq.answer}\n${faq.category}`,
    href: faqHref,
    language: faqs?.language ?? language,
  }));
  const helpEntries: TEntry[] = help
    ? HELP_SECTIONS.map(({ key, anchor, answer }) => ({
        id: `help:${key}`,
        kind: 'help',
        title: help[key].heading,
        answer: answer(help),
        body: strings(help[key]).join('\n'),
        href: paths.support.getHref(anchor),
        language,
      }))
    : [];
  return [...faqEntries, ...helpEntries];
}

/** Finds the best entry for a question, or null when none answers it well enough. */
export type TContentSearch = (question: string) => TContentAnswer | null;

export function createContentSearch(entries: readonly TEntry[]): TContentSearch {
  const index = new MiniSearch<TEntry>({
    fields: ['title', 'body'],
    storeFields: ['kind', 'title', 'answer', 'href', 'language'],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 3 },
      prefix: true,
      fuzzy: (term) => (term.length >= STEM_LENGTH ? 0.2 : false),
      boostDocument: (_id, _term, stored) => (stored?.kind === 'faq' ? FAQ_BOOST : 1),
    },
  });
  index.addAll(entries);

  return (question) => {
    const asked = new Set(tokenize(question).flatMap((term) => processTerm(term) ?? []));
    if (asked.size === 0) return null;
    const best: SearchResult | undefined = index.search([...asked].join(' '))[0];
    if (!best || best.score < MIN_SCORE) return null;
    const matched = new Set(best.queryTerms).size;
    if (matched / asked.size < MIN_COVERAGE) return null;
    const { title, answer, href, language } = best as SearchResult & TContentAnswer;
    return { title, answer, href, language };
  };
}

/** The search for one set of content, kept until the FAQs or the texts change (a new language, a refetch). */
let cached: { faqs: TFaqsResponse | null; help: THelpTexts | null; language: TLanguage; search: TContentSearch } | undefined;

export function contentSearchFor(faqs: TFaqsResponse | null, help: THelpTexts | null, language: TLanguage): TContentSearch {
  if (cached?.faqs !== faqs || cached.help !== help || cached.language !== language) {
    cached = { faqs, help, language, search: createContentSearch(contentEntries(faqs, help, language)) };
  }
  return cached.search;
}
