import { EMAIL_CONFIRMED_LANDING } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { Auth } from './auth';
import { callAuth } from './better-auth-errors';
import { sessions, users } from './schema';
import { cookiesAsRequestHeaders, requestHeaders, sessionSetBy, type CurrentSession } from './session';
import type { SignInGate } from './sign-in-throttle';
import { claimTotpCode, wasTotpCodeUsed } from './used-totp-codes';
import { verifyPassword } from './verify-password';

type Outcome = { headers: Headers; response: object };

/** Better Auth's password sign-in, by e-mail address or username: a session, or a two-factor challenge (cookie). */
export function signInWithPassword(auth: Auth, request: FastifyRequest, identifier: string, password: string): Promise<Outcome> {
  const headers = requestHeaders(request);
  return callAuth<Outcome>(() =>
    identifier.includes('@')
      ? auth.api.signInEmail({
          body: { email: identifier.toLowerCase(), password, callbackURL: EMAIL_CONFIRMED_LANDING },
          headers,
          returnHeaders: true,
        })
      : auth.api.signInUsername({ body: { username: identifier, password }, headers, returnHeaders: true }),
  );
}

/**
 * Sign-in with the password and an authenticator code in one step, which a new browser may still do once strangers
 * have spent the person's ceiling (decision 069). Every refusal is the same, whichever of the two was wrong and whether
 * or not the person exists or uses two-factor sign-in: this door tells nothing about the password. Answers the cookies
 * to forward and the session they hold.
 */
export async function signInWithPasswordAndCode(
  deps: { auth: Auth; db: Database },
  request: FastifyRequest,
  gate: SignInGate,
  input: { identifier: string; password: string; code: string },
): Promise<{ headers: Headers; current: CurrentSession }> {
  const { auth, db } = deps;
  const refuse = async (countsAsFailure: boolean): Promise<never> => {
    if (countsAsFailure) await gate.recordFailure();
    if (gate.userId) await audit(db, request, gate.userId, 'failure');
    throw new AppError('authentication_error', 'errors.incorrectPasswordOrCode');
  };
  const { userId } = gate;
  if (!userId || !(await usesTwoFactor(db, userId))) {
    // The same password check (or its decoy) as for anyone else, so the time tells nothing either.
    return refuse(!(await verifyPassword(deps, userId ?? undefined, input.password)));
  }
  let challenge: Outcome;
  try {
    challenge = await signInWithPassword(auth, request, input.identifier, input.password);
  } catch (error) {
    if (error instanceof AppError && error.type === 'authentication_error') return refuse(true);
    throw error;
  }
  if (!('twoFactorRedirect' in challenge.response && challenge.response.twoFactorRedirect)) {
    // Two-factor was switched off meanwhile: the password alone must not open a session here.
    const opened = await sessionSetBy(auth, challenge.headers);
    if (opened) await db.delete(sessions).where(eq(sessions.id, opened.session.id));
    return refuse(false);
  }
  if (await wasTotpCodeUsed(db, userId, input.code)) return refuse(false);
  let verified: Outcome;
  try {
    verified = await callAuth<Outcome>(() =>
      auth.api.verifyTOTP({ body: { code: input.code }, headers: cookiesAsRequestHeaders(challenge.headers), returnHeaders: true }),
    );
  } catch (error) {
    // A locked or expired second step answers as a wrong code would: either would say the password was right.
    if (error instanceof AppError && error.type !== 'internal_error') return refuse(error.type === 'authentication_error');
    throw error;
  }
  const current = await sessionSetBy(auth, verified.headers);
  if (!current) throw new AppError('internal_error', 'errors.internal');
  if (!(await claimTotpCode(db, userId, input.code))) {
    // The same code twice at once: one wins; the other's session is closed and never handed out.
    await db.delete(sessions).where(eq(sessions.id, current.session.id));
    return refuse(false);
  }
  await audit(db, request, userId, 'success');
  return { headers: verified.headers, current };
}

async function usesTwoFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return row?.on === true;
}

const audit = (db: Database, request: FastifyRequest, userId: string, outcome: 'success' | 'failure') =>
  recordAuditEvent(db, {
    // A refusal's actor is whoever tried, not the person.
    actorUserId: outcome === 'success' ? userId : null,
    accountId: null,
    ip: request.ip,
    action: 'auth.sign_in_with_code',
    objectType: 'user',
    objectId: userId,
    outcome,
  });
