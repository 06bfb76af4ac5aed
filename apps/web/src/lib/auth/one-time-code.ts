/**
 * What people type or paste as a code from an authenticator app or a backup list: "123 456", " 123456 ", a code copied
 * with a line break. Spaces are dropped so that the shared schemas (six digits, one dash) see the code itself.
 */
export function normaliseOneTimeCode(value: string): string {
  return value.replace(/\s+/g, '');
}
