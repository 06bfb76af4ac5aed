/**
 * The setup key (base32) in groups of four, "JBSW Y3DP EHPK 3PXP", as authenticator apps show it: easier to read out
 * and to type by hand. The apps ignore the spaces, but copying gives the key without them all the same.
 */
export function groupSetupKey(key: string, size = 4): string[] {
  const compact = key.replace(/[\s-]+/g, '').toUpperCase();
  const groups: string[] = [];
  for (let start = 0; start < compact.length; start += size) groups.push(compact.slice(start, start + size));
  return groups;
}
