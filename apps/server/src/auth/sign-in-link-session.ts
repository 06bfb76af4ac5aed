import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import * as z from 'zod';

/**
 * Opens a session for a person whose e-mailed sign-in link was just spent (auth/sign-in-link.ts): Better Auth's own
 * session and cookies, as a password sign-in makes them. Server-only: no URL reaches it, only our route after it has
 * checked and spent the link.
 */
export const signInLinkSessions = () =>
  ({
    id: 'faxline-sign-in-link',
    endpoints: {
      openLinkSession: createAuthEndpoint.serverOnly({ method: 'POST', body: z.object({ userId: z.string().min(1) }) }, async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw APIError.from('UNAUTHORIZED', { message: 'No such person', code: 'USER_NOT_FOUND' });
        const session = await ctx.context.internalAdapter.createSession(user.id);
        if (!session)
          throw APIError.from('INTERNAL_SERVER_ERROR', { message: 'failed to create session', code: 'FAILED_TO_CREATE_SESSION' });
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ ok: true });
      }),
    },
  }) satisfies BetterAuthPlugin;
