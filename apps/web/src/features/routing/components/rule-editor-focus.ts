import type { TRuleDraft } from '../utils/rule-form';

/** Where in the editor a problem is shown: under the name, in one condition, under the conditions, or the actions. */
export type TProblemPlace = 'name' | 'conditions' | 'actions' | { condition: number };

/** A path as the server's issues give it ('conditions.0.numbers'), in zod's shape (['conditions', 0, 'numbers']). */
export function pathOf(dotted: string): PropertyKey[] {
  return dotted.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export function placeOf(path: readonly PropertyKey[]): TProblemPlace {
  const [head, index] = path;
  if (head === 'conditions' && typeof index === 'number') return { condition: index };
  if (head === 'conditions' || head === 'actions') return head;
  return 'name';
}

/** The id prefix of a condition's fields in an editor of id `id`. */
export const conditionBase = (id: string, key: string) => `${id}-${key}`;

/**
 * The elements to focus for a problem at `path`, best first: the field at fault when it has its own id (a condition's
 * `to`, the actions' `labels`), else the first field of the part it is in.
 */
export function focusIdsOf(path: readonly PropertyKey[], id: string, draft: TRuleDraft): string[] {
  const [head, index, field] = path;
  if (head === 'conditions' && typeof index === 'number') {
    const key = draft.conditions[index]?.key;
    if (!key) return [`${id}-add-condition`];
    const base = conditionBase(id, key);
    return [...(field === undefined ? [] : [`${base}-${String(field)}`]), `${base}-body`];
  }
  if (head === 'conditions') return [`${id}-add-condition`];
  if (head === 'actions') return [...(typeof index === 'string' ? [`${id}-${index}`] : []), `${id}-inboxId`];
  return [`${id}-name`];
}

/** Focuses the first of these elements that exists (or the first control inside it); false when none does. */
export function focusFirstOf(ids: readonly string[]): boolean {
  for (const elementId of ids) {
    const element = document.getElementById(elementId);
    const enabled = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';
    const control = element?.matches(enabled) ? element : element?.querySelector<HTMLElement>(enabled);
    if (control) {
      control.focus();
      return true;
    }
  }
  return false;
}
