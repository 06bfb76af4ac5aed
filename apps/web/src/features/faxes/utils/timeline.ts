import { FAX_FOLDERS, FAX_STATES, DOCUMENT_CLASSES, type TFaxTimelineEntry } from '@faxline/shared';
import type { TFunction } from 'i18next';

import { fhirErrorWords } from './fhir-error';

type TFaxesT = TFunction<'faxes'>;

/** The names the page knows, to say whom a fax went to and where: a fax's move names only ids. */
export type TTimelineNames = { inboxes: ReadonlyMap<string, string>; people: ReadonlyMap<string, string> };

type TMove = { from: unknown; to: unknown };

const isMove = (value: unknown): value is TMove => typeof value === 'object' && value !== null && 'to' in value;
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const list = (values: string[], language: string) => new Intl.ListFormat(language, { type: 'conjunction' }).format(values);

/**
 * One line of a fax's timeline as a sentence ("Ana moved it to Billing and assigned it to Luis"). The actor is the
 * person who did it, or Faxline (a rule, a job); an action this page does not know is named as the server wrote it.
 */
export function timelineSentence(entry: TFaxTimelineEntry, t: TFaxesT, language: string, names: TTimelineNames): string {
  const actor = entry.actorName ?? t('timeline.faxline');
  if (entry.outcome === 'denied') return t('timeline.denied', { actor, action: entry.action });
  // A rule is no one's act: the sentence names the rule instead.
  if (entry.action === 'fax.route') {
    if (typeof entry.details.ruleName !== 'string') return t('timeline.routedUnnamed');
    const forwarded = strings(entry.details.forwardedTo);
    return forwarded.length > 0
      ? t('timeline.routedForwarded', { rule: entry.details.ruleName, addresses: list(forwarded, language) })
      : t('timeline.routed', { rule: entry.details.ruleName });
  }
  const did = whatWasDone(entry, t, language, names);
  return did === null ? t('timeline.other', { actor, action: entry.action }) : t('timeline.actorDid', { actor, did });
}

/** What the actor did, as a verb phrase; null for an action without words of its own. */
function whatWasDone(entry: TFaxTimelineEntry, t: TFaxesT, language: string, names: TTimelineNames): string | null {
  const details = entry.details;
  const failed = entry.outcome === 'failure';
  switch (entry.action) {
    case 'fax.place':
      return list(placeChanges(entry, t, language, names), language) || null;
    case 'fax.classify':
      if (failed) return t('timeline.classifyFailed');
      return isOneOf(DOCUMENT_CLASSES, details.to)
        ? t('timeline.classified', { documentClass: t(`details.documentClass.classes.${details.to}`) })
        : t('timeline.classifiedUnnamed');
    case 'fax.request_pages': {
      const pages = Array.isArray(details.pages) ? details.pages.filter((page): page is number => typeof page === 'number') : [];
      const shown = list(pages.map(String), language);
      return t(failed ? 'timeline.requestPagesFailed' : 'timeline.requestedPages', { count: pages.length, pages: shown });
    }
    case 'fax.fhir_export_request':
      return t('timeline.exportRequested');
    case 'fax.fhir_export':
      if (failed || typeof details.error === 'string') {
        // The sentence ends with its own full stop: the EHR's message loses its own.
        const error = typeof details.error === 'string' ? fhirErrorWords(t, details.error).replace(/[.\s]+$/, '') : '';
        return error ? t('timeline.exportFailed', { error }) : t('timeline.exportFailedUnexplained');
      }
      return t('timeline.exported', { resource: String(details.resourceId ?? '') });
    // Retention (decision 108): a hold on the fax itself set or lifted, and its content deleted by a run.
    case 'retention.hold_set':
      return t('timeline.heldForLegal', { reason: String(details.reason ?? '') });
    case 'retention.hold_lifted':
      return t('timeline.holdLifted', { reason: String(details.reason ?? '') });
    case 'fax.content_deleted':
      return details.cause === 'zero_footprint' ? t('timeline.contentDeletedZeroFootprint') : t('timeline.contentDeletedRetention');
    default:
      return null;
  }
}

/** Each field a move changed, as a verb phrase: the inbox, who has it, its labels, its state, its folder. */
function placeChanges(entry: TFaxTimelineEntry, t: TFaxesT, language: string, names: TTimelineNames): string[] {
  const { inboxId, assigneeId, labels, state, folder } = entry.details;
  const changes: string[] = [];
  if (isMove(inboxId)) {
    changes.push(
      typeof inboxId.to === 'string'
        ? t('timeline.movedTo', { inbox: names.inboxes.get(inboxId.to) ?? t('timeline.anotherInbox') })
        : t('timeline.movedOut'),
    );
  }
  if (isMove(assigneeId)) {
    const to = typeof assigneeId.to === 'string' ? (names.people.get(assigneeId.to) ?? null) : null;
    if (assigneeId.to === null) changes.push(t('timeline.unassigned'));
    else if (to !== null && to === entry.actorName) changes.push(t('timeline.claimed'));
    else changes.push(t('timeline.assigned', { person: to ?? t('timeline.anotherPerson') }));
  }
  if (isMove(labels)) {
    const before = strings(labels.from);
    const after = strings(labels.to);
    const added = after.filter((label) => !before.includes(label));
    const removed = before.filter((label) => !after.includes(label));
    if (added.length > 0) changes.push(t('timeline.labelsAdded', { count: added.length, labels: list(added, language) }));
    if (removed.length > 0) changes.push(t('timeline.labelsRemoved', { count: removed.length, labels: list(removed, language) }));
  }
  if (isMove(state) && isOneOf(FAX_STATES, state.to)) {
    changes.push(t('timeline.stateSet', { state: t(`placement.states.${state.to}`) }));
  }
  if (isMove(folder) && isOneOf(FAX_FOLDERS, folder.to)) {
    changes.push(t('timeline.folderSet', { folder: t(`placement.folders.${folder.to}`) }));
  }
  return changes;
}
