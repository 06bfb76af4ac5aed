import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new id in Stripe's form: the object's prefix (`cus_`, `sub_`, `cs_test_`, …) and random letters and digits. Code
 * that reads ids relies on the prefix only, so the length of the random part need not match Stripe's.
 */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}
