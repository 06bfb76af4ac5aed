import {
  ZRoutingRuleInput,
  type TDocumentClass,
  type TRoutingRule,
  type TRoutingRuleInput,
  type TRuleCondition,
  type TRuleConditionKind,
} from '@faxline/shared';
import type { z } from 'zod';

/** The kinds of condition, in the order the editor offers them. */
export const CONDITION_KINDS = [
  'called_number',
  'caller',
  'station_id',
  'time',
  'pages',
  'document_class',
  'words',
] as const satisfies readonly TRuleConditionKind[];

/** Sunday (0) to Saturday (6), as the contract counts weekdays. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * A condition as the editor holds it: every kind's fields at once, as typed, so that changing the kind of a condition
 * and changing it back loses nothing. `key` tells conditions apart for React and for focus.
 */
export type TConditionDraft = {
  key: string;
  kind: TRuleConditionKind;
  numbers: string[];
  /** Callers' numbers or prefixes, comma separated. */
  prefixes: string;
  contains: string;
  days: number[];
  from: string;
  to: string;
  /** Pages as typed: empty for no bound. */
  min: string;
  max: string;
  classes: TDocumentClass[];
  query: string;
};

/** The actions as the editor holds them: an empty select is "none", lists are comma separated. */
export type TActionsDraft = {
  inboxId: string;
  assigneeId: string;
  labels: string;
  forwardTo: string;
  webhookId: string;
  junk: boolean;
};

export type TRuleDraft = { name: string; enabled: boolean; conditions: TConditionDraft[]; actions: TActionsDraft };

let drafted = 0;
/** A key no other condition of the page has. */
const nextKey = () => `condition-${++drafted}`;

/** A new condition of `kind`, its fields empty (working hours for a time, Monday to Friday). */
export function newCondition(kind: TRuleConditionKind = 'called_number'): TConditionDraft {
  return {
    key: nextKey(),
    kind,
    numbers: [],
    prefixes: '',
    contains: '',
    days: [1, 2, 3, 4, 5],
    from: '08:00',
    to: '18:00',
    min: '',
    max: '',
    classes: [],
    query: '',
  };
}

export const EMPTY_ACTIONS: TActionsDraft = { inboxId: '', assigneeId: '', labels: '', forwardTo: '', webhookId: '', junk: false };

/** The editor of a new rule: on, one condition to fill in, no action yet. */
export function newRuleDraft(): TRuleDraft {
  return { name: '', enabled: true, conditions: [newCondition()], actions: { ...EMPTY_ACTIONS } };
}

/** A saved condition in the editor's shape. */
function draftOfCondition(condition: TRuleCondition): TConditionDraft {
  const draft = newCondition(condition.kind);
  switch (condition.kind) {
    case 'called_number':
      return { ...draft, numbers: [...condition.numbers] };
    case 'caller':
      return { ...draft, prefixes: condition.prefixes.join(', ') };
    case 'station_id':
      return { ...draft, contains: condition.contains };
    case 'time':
      return { ...draft, days: [...condition.days], from: condition.from, to: condition.to };
    case 'pages':
      return {
        ...draft,
        min: condition.min === null ? '' : String(condition.min),
        max: condition.max === null ? '' : String(condition.max),
      };
    case 'document_class':
      return { ...draft, classes: [...condition.classes] };
    case 'words':
      return { ...draft, query: condition.query };
  }
}

/** A saved rule in the editor's shape. */
export function draftOfRule(rule: TRoutingRule): TRuleDraft {
  const { actions } = rule;
  return {
    name: rule.name,
    enabled: rule.enabled,
    conditions: rule.conditions.map(draftOfCondition),
    actions: {
      inboxId: actions.inboxId ?? '',
      assigneeId: actions.assigneeId ?? '',
      labels: actions.labels.join(', '),
      forwardTo: actions.forwardTo.join(', '),
      webhookId: actions.webhookId ?? '',
      junk: actions.junk,
    },
  };
}

/** The items of a list typed as text: split at commas (and, for addresses, semicolons and spaces), blanks dropped. */
export function listOf(text: string, separators: RegExp = /,/): string[] {
  return text
    .split(separators)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A bound of pages as typed: none when empty; otherwise the number, which the schema checks (NaN fails it). */
const pagesBound = (text: string): number | null =>
  text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

/** The condition as the contract has it: only its kind's fields, the weekdays in order. */
export function conditionOf(draft: TConditionDraft): TRuleCondition {
  switch (draft.kind) {
    case 'called_number':
      return { kind: 'called_number', numbers: [...draft.numbers] };
    case 'caller':
      return { kind: 'caller', prefixes: listOf(draft.prefixes) };
    case 'station_id':
      return { kind: 'station_id', contains: draft.contains };
    case 'time':
      return { kind: 'time', days: WEEKDAYS.filter((day) => draft.days.includes(day)), from: draft.from, to: draft.to };
    case 'pages':
      return { kind: 'pages', min: pagesBound(draft.min), max: pagesBound(draft.max) };
    case 'document_class':
      return { kind: 'document_class', classes: [...draft.classes] };
    case 'words':
      return { kind: 'words', query: draft.query };
  }
}

/** The rule as the editor's fields say it, before the schema's checks: what the dry run and Save send once checked. */
export function ruleInputOf(draft: TRuleDraft): TRoutingRuleInput {
  const { actions } = draft;
  return {
    name: draft.name,
    enabled: draft.enabled,
    conditions: draft.conditions.map(conditionOf),
    actions: {
      inboxId: actions.inboxId || null,
      assigneeId: actions.assigneeId || null,
      labels: listOf(actions.labels),
      forwardTo: listOf(actions.forwardTo, /[,;\s]+/),
      webhookId: actions.webhookId || null,
      junk: actions.junk,
    },
  };
}

/** What is wrong, where: the issue's path in the rule (`['conditions', 1, 'numbers']`) and its text's i18n key. */
export type TRuleProblem = { path: readonly PropertyKey[]; key: TRuleProblemKey };
export type TRuleProblemKey = `messages:${string}` | `routing:problems.${TProblemFallback}`;
type TProblemFallback = TRuleConditionKind | 'name' | 'actions' | 'labels' | 'forwardTo' | 'conditions' | 'invalid';

export type TRuleCheck = { ok: true; request: z.output<typeof ZRoutingRuleInput> } | ({ ok: false } & TRuleProblem);

/**
 * The text of a problem: the shared schema's own message when it names one (an `errors.*` or `validation.*` key of
 * the `messages` catalogue, which the server answers with too); otherwise, for the checks the contract leaves
 * unnamed (an empty list, a text too long), a sentence of this feature about the field concerned.
 */
export function problemKeyOf(path: readonly PropertyKey[], message: string, draft: TRuleDraft): TRuleProblemKey {
  if (/^(errors|validation)\.\w+$/.test(message)) return `messages:${message}`;
  const [head, index, field] = path;
  if (head === 'conditions' && typeof index === 'number') return `routing:problems.${draft.conditions[index]?.kind ?? 'invalid'}`;
  if (head === 'conditions') return 'routing:problems.conditions';
  if (head === 'name') return 'routing:problems.name';
  if (head === 'actions' && (field === 'labels' || index === 'labels')) return 'routing:problems.labels';
  if (head === 'actions' && (field === 'forwardTo' || index === 'forwardTo')) return 'routing:problems.forwardTo';
  if (head === 'actions') return 'routing:problems.actions';
  return 'routing:problems.invalid';
}

/** The shared schema's checks of the rule as written; the first problem names where it is. */
export function checkRule(draft: TRuleDraft): TRuleCheck {
  const parsed = ZRoutingRuleInput.safeParse(ruleInputOf(draft));
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  return { ok: false, path, key: problemKeyOf(path, issue?.message ?? '', draft) };
}

/** `days` with `day` turned on or off, Sunday first. */
export function toggleDay(days: readonly number[], day: number, on: boolean): number[] {
  return WEEKDAYS.filter((known) => (known === day ? on : days.includes(known)));
}

/** `values` with `value` added or taken out, in the order of `order` (the account's numbers, the classes). */
export function toggleIn<T>(order: readonly T[], values: readonly T[], value: T, on: boolean): T[] {
  return order.filter((known) => (known === value ? on : values.includes(known)));
}

/** Whether a time condition's hours cross midnight (from 22:00 to 06:00): the night belongs to the day it began. */
export const spansMidnight = (from: string, to: string): boolean => from !== '' && to !== '' && from > to;
