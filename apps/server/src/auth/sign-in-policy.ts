import type { FastifyRequest } from 'fastify';

/**
 * What an account may require of its people's password sign-in, decided above auth/ and passed in (app.ts): single
 * sign-on required for a domain (sso/password-policy.ts). `check` throws the translated refusal, or answers what to
 * do once the password has been found right (null: nothing), for a sign-in that is let through as an exception.
 */
export type PasswordSignInPolicy = {
  check(request: FastifyRequest, identifier: string): Promise<null | (() => Promise<void>)>;
};
