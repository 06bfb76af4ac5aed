import { randomBytes } from 'node:crypto';

/** The one password of every person the tests make: not among the common passwords, so every form accepts it. */
export const PASSWORD = 'Fax-otter-2029!';

/** Unique values, so tests never collide with each other or with what another test (or run) left. */
export const unique = (prefix = 'person') => `${prefix}-${randomBytes(4).toString('hex')}`;
export const uniqueEmail = (prefix = 'person') => `${unique(prefix)}@example.com`;
