/**
 * The name the back office derives from an e-mail address (spec 001 §2.10): the part before the @, split into words
 * at dots, dashes, underscores, plus signs and digits. "jane.doe@x.com" gives "Jane Doe".
 */
export function nameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return local
    .split(/[._+\-\d\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(' ');
}

/** The avatar's initials: the first letters of that name, at most two, uppercased; '?' for an address without letters. */
export function adminInitials(email: string): string {
  const letters = nameFromEmail(email)
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    // Array.from splits by code point, so a letter outside the BMP stays whole.
    .map((word) => Array.from(word)[0] ?? '');
  return letters.length > 0 ? letters.join('').toLocaleUpperCase() : '?';
}
