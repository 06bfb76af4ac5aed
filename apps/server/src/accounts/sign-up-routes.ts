import { ZSignUpRequest, ZSignUpResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertPasswordAllowed } from '../auth/password-rules';
import { forwardCookies } from '../auth/session';
import { perAddressLimit } from '../platform/http/rate-limit';
import type { RouteDeps } from '../route-deps';
import { signUp } from './sign-up';

/** Sign-up: a new person, the owner of a new account (sign-up.ts), with the other sign-in routes' limits and answers. */
export const signUpRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { auth, db, config, queue, systemSettings, accountLifecycle, passwordSignInPolicy },
) => {
  const limit = perAddressLimit(config.rateLimitFactor);

  app.post(
    '/auth/sign-up',
    { schema: { body: ZSignUpRequest, response: { 200: ZSignUpResponse } }, config: limit(5, 10 * 60_000) },
    async (request, reply) => {
      const { name, email, password, language, next } = request.body;
      // A new account has the platform's rules (a HIPAA plan's come when the account arrives on it).
      assertPasswordAllowed(password);
      // An organisation that requires single sign-on for the domain: its people join through it, not with a password.
      await passwordSignInPolicy.check(request, email);
      const { requiresConfirmation, headers } = await signUp(
        { auth, db, queue, config, systemSettings, lifecycle: accountLifecycle },
        { name, email, password, language: language ?? request.language, next },
        request,
      );
      if (headers) forwardCookies(headers, reply);
      return { requiresConfirmation };
    },
  );
};
