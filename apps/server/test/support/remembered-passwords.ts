import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../../src/auth/auth';

const hashes = new Map<string, Promise<string>>();
const verdicts = new Map<string, Promise<boolean>>();

/**
 * Better Auth's own scrypt, each answer remembered for the test process. One scrypt costs about 120 ms of CPU here,
 * and the tests make thousands of people with the same password and sign them in again and again: a third of an
 * ordinary integration file's time went to recomputing the same answers. A check of a password against a hash is a
 * pure function, so remembering it changes no verdict; a remembered hash is a valid hash of its password (people made
 * with the same password share one salt, which no test reads).
 */
export const rememberedPasswords: PasswordHashing = {
  hash: (password) => remembered(hashes, password, () => hashPassword(password)),
  verify: ({ hash, password }) => remembered(verdicts, `${hash}\n${password}`, () => verifyPassword({ hash, password })),
};

function remembered<T>(memo: Map<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> {
  let answer = memo.get(key);
  if (!answer) {
    answer = compute();
    memo.set(key, answer);
    // A failure is not remembered: the next call computes again.
    answer.catch(() => memo.delete(key));
  }
  return answer;
}
