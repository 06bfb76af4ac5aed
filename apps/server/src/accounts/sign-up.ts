import { emailConfirmedLanding, type TLanguage, webPaths } from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import { renderActionEmail } from '../email/render-action-email';
import { sendEmailJob } from '../email/send-email-job';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { Queue } from '../platform/queue/queue';
import { languageOf, type Auth } from '../auth/auth';
import { callAuth } from '../auth/better-auth-errors';
import { requestHeaders } from '../auth/session';
import { findUserByEmail } from '../auth/verify-password';
import type { AccountLifecycle } from './account-lifecycle';
import { createOwnerAccount } from './create-owner-account';
import { emailOperatorsOfSignUp, type SettingsNow } from './email-operators-of-sign-up';

type SignUpDeps = {
  auth: Auth;
  db: Database;
  queue: Queue;
  config: TConfig;
  systemSettings: SettingsNow;
  lifecycle: Pick<AccountLifecycle, 'opened'>;
};
/** `next`: the page to go on to once the address is confirmed (a plan chosen on /pricing), a path on this site. */
type SignUpInput = { name: string; email: string; password: string; language: TLanguage; next?: string };

/**
 * Signing up makes the person the owner of a new account (a person who joins one is made by its owner instead).
 * An address that already has an account gets the answer a new one gets with confirmation on ("check your e-mail"),
 * and its owner gets an e-mail saying so instead: sign-up must not tell who is a customer (docs/decisions/024).
 * `headers` carries the session cookie when the new person is signed in at once (confirmation off).
 */
export async function signUp(
  deps: SignUpDeps,
  input: SignUpInput,
  request: FastifyRequest,
): Promise<{ requiresConfirmation: boolean; headers: Headers | null }> {
  const { auth, db } = deps;
  const owner = await findUserByEmail(db, input.email);
  if (owner) return warnOwner(deps, owner, input.password);
  let created;
  try {
    created = await callAuth(() =>
      auth.api.signUpEmail({
        body: {
          name: input.name,
          email: input.email,
          password: input.password,
          language: input.language,
          callbackURL: emailConfirmedLanding(input.next),
        },
        headers: requestHeaders(request),
        returnHeaders: true,
      }),
    );
  } catch (error) {
    // Two sign-ups for one address at once (confirmation off): the later one is told what any taken address is told.
    const winner = error instanceof AppError && error.messageKey === 'errors.emailTaken' && (await findUserByEmail(db, input.email));
    if (winner) return warnOwner(deps, winner, input.password);
    throw error;
  }
  const { headers, response } = created;
  // With confirmation on, Better Auth answers a taken address (two sign-ups at once) with a person it never stored.
  // The operators hear of it as the account opens, when the back office's settings ask for it.
  if ((await findUserByEmail(db, input.email))?.id === response.user.id)
    await createOwnerAccount(deps, response.user, emailOperatorsOfSignUp(deps));
  return { requiresConfirmation: !response.token, headers };
}

async function warnOwner(
  { auth, queue, config }: SignUpDeps,
  owner: { email: string; name: string; language: string },
  password: string,
): Promise<{ requiresConfirmation: true; headers: null }> {
  // Hashing the password as a new sign-up does keeps the two answers about as fast: the time does not tell either.
  await (await auth.$context).password.hash(password);
  await queue.send(
    sendEmailJob,
    renderActionEmail({
      to: owner.email,
      name: owner.name,
      language: languageOf(owner.language),
      kind: 'signUpAttempt',
      url: `${config.publicUrl}${webPaths.signIn.path}`,
    }),
  );
  return { requiresConfirmation: true, headers: null };
}
