import { ZInboxInput, type TInbox } from '@faxline/shared';
import type { z } from 'zod';

export type TInboxDraft = { name: string; memberIds: string[]; numbers: string[] };
export type TInboxField = 'name' | 'memberIds' | 'numbers';

export const EMPTY_INBOX: TInboxDraft = { name: '', memberIds: [], numbers: [] };

/** A saved inbox in the form's shape. */
export const draftOfInbox = (inbox: TInbox): TInboxDraft => ({
  name: inbox.name,
  memberIds: [...inbox.memberIds],
  numbers: [...inbox.numbers],
});

export type TInboxProblemKey = `messages:${string}` | 'routing:inboxes.problems.invalid';
export type TInboxCheck = { ok: true; request: z.output<typeof ZInboxInput> } | { ok: false; field: TInboxField; key: TInboxProblemKey };

/** The field a problem at `path` (a zod path, or the server's dotted path) belongs to; the name when unsure. */
export function inboxFieldOf(path: readonly PropertyKey[] | string | undefined): TInboxField {
  const head = typeof path === 'string' ? path.split('.')[0] : path?.[0];
  return head === 'memberIds' || head === 'numbers' ? head : 'name';
}

/** The shared schema's checks of the inbox as written, before it is sent. */
export function checkInbox(draft: TInboxDraft): TInboxCheck {
  const parsed = ZInboxInput.safeParse(draft);
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0];
  const message = issue?.message ?? '';
  const key: TInboxProblemKey = /^(errors|validation)\.\w+$/.test(message) ? `messages:${message}` : 'routing:inboxes.problems.invalid';
  return { ok: false, field: inboxFieldOf(issue?.path), key };
}

/**
 * The other inbox each number lands in now, by number: a number lands in one inbox only, so choosing it here takes it
 * from there.
 */
export function otherInboxOfNumbers(inboxes: readonly TInbox[], editing: string | null): Map<string, string> {
  const held = new Map<string, string>();
  for (const inbox of inboxes) if (inbox.id !== editing) for (const number of inbox.numbers) held.set(number, inbox.name);
  return held;
}
