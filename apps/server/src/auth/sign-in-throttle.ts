import { eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { Auth } from './auth';
import { clientKeysOf } from './client-network';
import { knownDeviceOf, rememberDevice } from './known-device';
import { signInThrottles, users } from './schema';

/** Failures allowed from one address (or one known device) against one person before any wait; each one after doubles it. */
export const FREE_FAILURES = 4;
/** People (or unknown names) one address may fail against in a day before it waits, whoever it tries next. */
export const ADDRESS_FREE_ACCOUNTS = 5;
/** Failing (address, person) pairs one network (IPv4 /24, IPv6 /48) may gather in a day before all of it waits. */
export const NETWORK_FREE_PAIRS = 50;
/**
 * Failures against one person from new browsers, from all addresses together, after which a new browser's password
 * alone is no longer accepted: the person proves the account is theirs instead (an e-mailed link, or the password
 * with an authenticator code). Known browsers are not concerned.
 */
export const ACCOUNT_CEILING = 20;
const FIRST_WAIT_SECONDS = 15;
const MAX_WAIT_SECONDS = 15 * 60;
const FORGET_AFTER_MS = 24 * 3600 * 1000;

export function waitSecondsAfter(failures: number, free = FREE_FAILURES): number {
  if (failures <= free) return 0;
  return Math.min(FIRST_WAIT_SECONDS * 2 ** (failures - free - 1), MAX_WAIT_SECONDS);
}

/** A row of `sign_in_throttles`: its key, and the failures it allows before its waits (none for the account's). */
type Counter = { key: string; free: number };

/** The person an identifier names (e-mail with `@`, otherwise username), so that both count as one; or the text. */
async function subjectOf(db: Database, identifier: string): Promise<{ userId: string | null; subject: string }> {
  const name = identifier.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(name.includes('@') ? sql`lower(${users.email}) = ${name}` : eq(users.username, name));
  return user ? { userId: user.id, subject: `user:${user.id}` } : { userId: null, subject: `name:${name}` };
}

export type SignInGate = Awaited<ReturnType<typeof openSignInGate>>;

/**
 * The rules in front of a password check (docs/decisions/024, 069). The waits follow the client: per (address,
 * person) with a steep curve, per address across people (an address that fails against many people hardens after a
 * few), per network across addresses. Against the person, failures from all addresses only count up to a ceiling,
 * past which a new browser must prove the account is theirs: nothing a stranger does makes the person wait. A browser
 * that has signed in as the person before (a known device) counts apart, on its own steep curve, and escapes the rest.
 */
export async function openSignInGate(
  deps: { auth: Auth; db: Database; config: Pick<TConfig, 'secureTransport' | 'rateLimitFactor'> },
  request: FastifyRequest,
  identifier: string,
) {
  const { db, config } = deps;
  const { secret } = await deps.auth.$context;
  const { userId, subject } = await subjectOf(db, identifier);
  const device = userId ? knownDeviceOf(request, { secret, secure: config.secureTransport, userId }) : null;
  const client = clientKeysOf(request.ip);
  // Many people behind one address (RATE_LIMIT_FACTOR) fail against more people between them.
  const shared = (free: number) => Math.round(free * config.rateLimitFactor);
  const pair: Counter = device
    ? { key: `device:${device}:${subject}`, free: FREE_FAILURES }
    : { key: `address:${client.address}:${subject}`, free: FREE_FAILURES };
  const address: Counter = { key: `ip:${client.address}`, free: shared(ADDRESS_FREE_ACCOUNTS) };
  const network: Counter = { key: `net:${client.network}`, free: shared(NETWORK_FREE_PAIRS) };
  const account: Counter = { key: `account:${subject}`, free: Number.POSITIVE_INFINITY };
  const waiting = device ? [pair] : [pair, address, network];
  const audit = (objectType: string, objectId: string | null) =>
    recordAuditEvent(db, {
      actorUserId: null,
      accountId: null,
      ip: request.ip,
      action: 'auth.sign_in_locked',
      objectType,
      objectId,
      outcome: 'denied',
    });

  return {
    userId,
    /**
     * Refuses the attempt while one of its client's counters waits out its delay (429, how long is left), and, from a
     * new browser once the person's ceiling is reached, unless a second factor comes with the password.
     */
    async assertAllowed(options: { secondFactor?: boolean } = {}, now = new Date()): Promise<void> {
      const keys = [...waiting.map((c) => c.key), account.key];
      const rows = await db.select().from(signInThrottles).where(inArray(signInThrottles.identifier, keys));
      const until = Math.max(0, ...rows.filter((row) => row.identifier !== account.key).map((row) => row.lockedUntil?.getTime() ?? 0));
      if (until > now.getTime()) {
        throw new AppError('rate_limited', 'errors.tooManySignInAttempts', { seconds: Math.ceil((until - now.getTime()) / 1000) });
      }
      if (device || options.secondFactor) return;
      const against = rows.find((row) => row.identifier === account.key);
      const recent = against && against.updatedAt.getTime() > now.getTime() - FORGET_AFTER_MS;
      if (recent && against.failures >= ACCOUNT_CEILING) throw new AppError('authentication_error', 'errors.signInProofRequired');
    },
    async recordFailure(now = new Date()): Promise<void> {
      const failures = await countFailure(db, pair, now);
      if (device) return;
      // The address and its network count each person once a day: a guesser spread over people is what they catch.
      if (failures === 1) {
        if ((await countFailure(db, address, now)) === address.free + 1) await audit('client_address', client.address);
        if ((await countFailure(db, network, now)) === network.free + 1) await audit('client_network', client.network);
      }
      if ((await countFailure(db, account, now)) === ACCOUNT_CEILING && userId) await audit('user', userId);
    },
    /** Forgets this address's (or device's) failures against the person and makes the browser known for them. */
    async recordSuccess(reply: FastifyReply): Promise<void> {
      await db.delete(signInThrottles).where(eq(signInThrottles.identifier, pair.key));
      if (userId) rememberDevice(request, reply, { secret, secure: config.secureTransport, userId });
    },
  };
}

/** Counts a failure atomically (two requests at once both count), sets the next wait, and says how many there are. */
async function countFailure(db: Database, { key, free }: Counter, now: Date): Promise<number> {
  const [row] = await db
    .insert(signInThrottles)
    .values({ identifier: key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: signInThrottles.identifier,
      // Failures older than a day are forgotten: the count starts again.
      set: {
        failures: sql`CASE WHEN ${signInThrottles.updatedAt} < ${new Date(now.getTime() - FORGET_AFTER_MS)} THEN 1 ELSE ${signInThrottles.failures} + 1 END`,
        updatedAt: now,
      },
    })
    .returning({ failures: signInThrottles.failures });
  const failures = row?.failures ?? 1;
  const wait = waitSecondsAfter(failures, free);
  if (wait > 0) {
    await db
      .update(signInThrottles)
      .set({ lockedUntil: new Date(now.getTime() + wait * 1000) })
      .where(eq(signInThrottles.identifier, key));
  }
  return failures;
}

/** Forgets every sign-in failure counted against a person (from any address or device). */
export async function forgetSignInFailures(db: Database, userId: string): Promise<void> {
  await db.delete(signInThrottles).where(like(signInThrottles.identifier, `%:user:${userId}`));
}
