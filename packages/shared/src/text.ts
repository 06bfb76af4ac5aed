import { z } from 'zod';

/**
 * What every text field of the contracts refuses (docs/decisions/019): control characters, which no one types, which
 * PostgreSQL cannot store (NUL) and which can forge lines in logs, e-mails and cover pages; and half of a surrogate
 * pair, which is not a character at all and would be stored as U+FFFD. Emoji and every other script are welcome.
 */
export const FORBIDDEN_CHARACTERS_MESSAGE = 'validation.forbiddenCharacters';

// With the `u` flag a well-formed pair is one code point, so \p{Cs} matches only a lone half.
const FORBIDDEN_IN_LINE = /[\p{Cc}\p{Cs}]/u;
// Multi-line text keeps tab, line feed and carriage return (a pasted letter, Markdown, CRLF from a textarea).
const FORBIDDEN_IN_TEXT = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

export type TTextKind = 'line' | 'multiline';

export function hasForbiddenCharacters(value: string, kind: TTextKind = 'line'): boolean {
  return (kind === 'line' ? FORBIDDEN_IN_LINE : FORBIDDEN_IN_TEXT).test(value);
}

/**
 * The checks to add to every text field, after `.trim()` where the field trims (a trailing newline is then only
 * whitespace): `z.string().trim().max(120).check(singleLineText)`. Fields with a stricter pattern get it too, so a
 * control character gets this message rather than the pattern's.
 */
export const singleLineText = z.refine<string>((value) => !hasForbiddenCharacters(value, 'line'), {
  error: FORBIDDEN_CHARACTERS_MESSAGE,
});
export const multiLineText = z.refine<string>((value) => !hasForbiddenCharacters(value, 'multiline'), {
  error: FORBIDDEN_CHARACTERS_MESSAGE,
});
