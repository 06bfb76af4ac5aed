/** The first word of a full name, or null when there is none (the page then says 'User', spec 001 §2.3). */
export function firstName(name: string | null | undefined): string | null {
  const first = (name ?? '').trim().split(/\s+/)[0];
  return first ? first : null;
}

/**
 * Initials for an avatar: the first letters of the first two words of the name, uppercased (spec 001 §2.2); with no
 * name, the first letter of the e-mail address; '?' when there is neither.
 */
export function initials(name: string | null | undefined, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  // Array.from splits by code point, so a name that starts with an emoji or a letter outside the BMP stays whole.
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  if (letters.length > 0) return letters.join('').toLocaleUpperCase();
  const fromEmail = Array.from((email ?? '').trim())[0];
  return fromEmail ? fromEmail.toLocaleUpperCase() : '?';
}
