import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiIdempotency } from './schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';

/** An Idempotency-Key: 1 to 255 printable ASCII characters (a UUID, typically). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long an answer is replayed (24 hours). */
const KEPT = sql`interval '24 hours'`;
/**
 * A first request that has not answered after this long died with its process: another may take the key over. It
 * does not send twice: the faxes a key made are found by the key (send-fax.ts), whoever asks.
 */
const ABANDONED = sql`interval '5 minutes'`;

/** JSON with its keys in order, so that the same body written in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export type Answer = { status: number; body: unknown };

/**
 * How an answer is kept for its replay, and read back: as it is, unless it holds what must not be stored in clear (a
 * webhook endpoint's secret, shown once: webhook-routes.ts seals it as the endpoint's own copy is sealed).
 */
export type Keeping = { keep: (body: unknown) => Promise<unknown>; restore: (kept: unknown) => Promise<unknown> };
const AS_IT_IS: Keeping = { keep: async (body) => body, restore: async (kept) => kept };

/**
 * The Idempotency-Key a request carries, checked: undefined without the header; an empty, repeated or malformed one
 * is refused (400, `errors.idempotencyKeyInvalid`) on every /v1 request, never silently ignored (routes.ts).
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? '' : header;
  if (!KEY_PATTERN.test(key)) throw new AppError('invalid_request', 'errors.idempotencyKeyInvalid');
  return key;
}

/**
 * Runs a POST once per Idempotency-Key: the same key with the same request within 24 hours replays
 * the first answer (`Idempotent-Replayed: true`); with another request, 422; while the first still runs, 409. Only a
 * success is kept: an error changed nothing, so the same key may try again. `request` is what identifies the request
 * (its body, or for a form its fields and the files' hashes); without the header, `run` simply runs.
 */
export async function idempotent(
  db: Database,
  { request, reply, callerId }: { request: FastifyRequest; reply: FastifyReply; callerId: string },
  fingerprint: unknown,
  run: () => Promise<Answer>,
  keeping: Keeping = AS_IT_IS,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return send(reply, await run());
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0]}\n${canonical(fingerprint)}`)
    .digest('hex');

  // Claim the key: a new row, or one whose answer is older than a day, or one abandoned by a dead request.
  const [claimed] = await db
    .insert(apiIdempotency)
    .values({ callerId, key, requestHash })
    .onConflictDoUpdate({
      target: [apiIdempotency.callerId, apiIdempotency.key],
      set: { requestHash, responseStatus: null, responseBody: null, createdAt: sql`now()` },
      setWhere: sql`${apiIdempotency.createdAt} < now() - ${KEPT} OR (${apiIdempotency.responseStatus} IS NULL AND ${apiIdempotency.createdAt} < now() - ${ABANDONED})`,
    })
    .returning({ key: apiIdempotency.key });
  const mine = and(eq(apiIdempotency.callerId, callerId), eq(apiIdempotency.key, key));
  if (!claimed) {
    const [held] = await db.select().from(apiIdempotency).where(mine);
    // Gone between the two statements (its request failed and let it go): this one may simply try again.
    if (!held) throw new AppError('conflict', 'errors.idempotencyKeyInFlight');
    if (held.requestHash !== requestHash) throw new AppError('unprocessable', 'errors.idempotencyKeyReused');
    if (held.responseStatus === null) throw new AppError('conflict', 'errors.idempotencyKeyInFlight');
    reply.header('idempotent-replayed', 'true');
    return send(reply, { status: held.responseStatus, body: await keeping.restore(JSON.parse(held.responseBody ?? 'null')) });
  }

  let answer: Answer;
  try {
    answer = await run();
  } catch (error) {
    await db.delete(apiIdempotency).where(mine);
    throw error;
  }
  await db
    .update(apiIdempotency)
    .set({ responseStatus: answer.status, responseBody: JSON.stringify(await keeping.keep(answer.body)) })
    .where(mine);
  return send(reply, answer);
}

const send = (reply: FastifyReply, { status, body }: Answer) => reply.status(status).send(body);
