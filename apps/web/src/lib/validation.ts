/**
 * The messages of the shared zod schemas are i18n keys (`validation.*`, in the shared `messages` namespace, which the
 * server translates too). These turn a zod issue into a key the web app can translate; a message that is not one of
 * ours gets a generic text of the web app's own.
 */
export const VALIDATION_KEYS = [
  'validation.required',
  'validation.email',
  'validation.url',
  'validation.passwordTooShort',
  'validation.passwordTooLong',
  'validation.forbiddenCharacters',
] as const;
export type TValidationKey = `messages:${(typeof VALIDATION_KEYS)[number]}` | 'errors:validation.invalid';

export function validationKey(message: string | undefined): TValidationKey {
  return (VALIDATION_KEYS as readonly string[]).includes(message ?? '')
    ? `messages:${message as (typeof VALIDATION_KEYS)[number]}`
    : 'errors:validation.invalid';
}

type TIssueLike = { path: readonly PropertyKey[]; message: string };

/** The first problem of a failed parse: the field it concerns (top-level key) and its message key. */
export function firstIssue<F extends string>(
  issues: readonly TIssueLike[],
  fields: readonly F[],
): { field: F | null; key: TValidationKey } {
  const issue = issues[0];
  const head = issue?.path[0];
  const field = typeof head === 'string' && (fields as readonly string[]).includes(head) ? (head as F) : null;
  return { field, key: validationKey(issue?.message) };
}

/** The zod schema types `maxLengthOf` looks through to the string inside (optional, default, nullable). */
type TWrapped = { def: { innerType?: unknown }; maxLength?: number | null };

/**
 * The longest text a string field of a shared schema accepts (its `.max`), for the input's `maxLength`: the limit is
 * written once, in the contract, and the form cannot drift from what the server takes.
 */
export function maxLengthOf(field: object): number | undefined {
  let current = field as TWrapped;
  while (current.def.innerType) current = current.def.innerType as TWrapped;
  return current.maxLength ?? undefined;
}
