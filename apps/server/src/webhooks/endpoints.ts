import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_SECRET_OVERLAP_SECONDS,
  type TWebhookEndpoint,
  type TWebhookEndpointsResponse,
  type TWebhookSecretResponse,
  type ZCreateChatNoticeRequest,
  type ZCreateWebhookEndpointRequest,
  type ZUpdateWebhookEndpointRequest,
} from '@faxline/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedBy, type Actor } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { assertPlanIncludes } from '../accounts/plan-features';
import { AppError } from '../platform/http/app-error';
import { webhookEndpoints } from './schema';
import { newSigningSecret, sealSigningSecret } from './secrets';
import { checkChatNoticeUrl, checkWebhookUrl } from './webhook-url';
import { clock } from '../platform/clock';

export type EndpointDeps = { db: Database; config: Pick<TConfig, 'webhooks' | 'authSecret' | 'dataDir'> };
type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function toPublicEndpoint(row: EndpointRow): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    format: row.format,
    signing: row.signing,
    publicKey: row.publicKey,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The endpoint, when it is the account's; 404 otherwise, the same for another account's as for none. */
export async function endpointOfAccount(db: Database, accountId: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)));
  if (!row) throw new AppError('not_found', 'errors.webhookNotFound');
  return row;
}

/**
 * The endpoint, when it is one of the account's signed ones: the public API manages those alone, and answers for a chat
 * notice as for an endpoint that does not exist (the portal's /user/webhooks is where chat notices are kept).
 */
export async function signedEndpointOfAccount(db: Database, accountId: string, id: string): Promise<EndpointRow> {
  const row = await endpointOfAccount(db, accountId, id);
  if (row.format !== 'standard') throw new AppError('not_found', 'errors.webhookNotFound');
  return row;
}

/** The account's endpoints, oldest first (the order they were added in). */
export async function listWebhookEndpoints(db: Database, accountId: string): Promise<TWebhookEndpointsResponse> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return { endpoints: rows.map(toPublicEndpoint), max: MAX_WEBHOOK_ENDPOINTS };
}

export async function getWebhookEndpoint(db: Database, accountId: string, id: string): Promise<TWebhookEndpoint> {
  return toPublicEndpoint(await endpointOfAccount(db, accountId, id));
}

const audit = (tx: Database, actor: Actor, action: `webhook.${string}`, row: Pick<EndpointRow, 'id' | 'url'>, details = {}) =>
  recordAuditEvent(tx, {
    ...auditedBy(actor, { url: row.url, ...details }),
    action,
    objectType: 'webhook_endpoint',
    objectId: row.id,
    outcome: 'success',
  });

/**
 * A new endpoint of the actor's account; the answer holds its secret (whsec_…) or, for Ed25519, its public key
 * (whpk_…), the secret itself never being shown.
 */
export async function createWebhookEndpoint(
  { db, config }: EndpointDeps,
  actor: Actor,
  request: z.output<typeof ZCreateWebhookEndpointRequest>,
): Promise<TWebhookSecretResponse> {
  await assertPlanIncludes(db, actor.member.accountId, 'webhooks');
  const url = checkWebhookUrl(request.url, config);
  const signing = newSigningSecret(request.signing);
  const sealed = await sealSigningSecret(config, signing.secret);
  const row = await insertEndpoint(db, actor, {
    url,
    description: request.description,
    events: request.events,
    enabled: request.enabled,
    format: 'standard',
    signing: request.signing,
    secret: sealed,
    publicKey: signing.publicKey,
  });
  return { endpoint: toPublicEndpoint(row), secret: signing.shown };
}

/**
 * A new chat notice of the actor's account: a Slack or Teams incoming webhook told of the events chosen. Any plan may
 * have them, as any plan gets its fax e-mails (decision 129); they count among the account's endpoints.
 */
export async function createChatNotice(
  { db, config }: EndpointDeps,
  actor: Actor,
  request: z.output<typeof ZCreateChatNoticeRequest>,
): Promise<TWebhookEndpoint> {
  const url = checkChatNoticeUrl(request.url, request.app, config);
  const row = await insertEndpoint(db, actor, {
    url,
    description: request.description,
    events: request.events,
    enabled: request.enabled,
    format: request.app,
    secret: null,
  });
  return toPublicEndpoint(row);
}

/** Writes a new endpoint and its audit row, within the account's limit of endpoints. */
async function insertEndpoint(
  db: Database,
  actor: Actor,
  values: Omit<typeof webhookEndpoints.$inferInsert, 'accountId' | 'createdBy'>,
): Promise<EndpointRow> {
  return inTransaction(db, async (tx) => {
    // Counted under the account's lock, so that two creations at once cannot pass the limit together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'webhook_endpoints:' + actor.member.accountId}))`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, actor.member.accountId));
    if (n >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('invalid_request', 'errors.webhookLimit', { max: MAX_WEBHOOK_ENDPOINTS });
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ ...values, accountId: actor.member.accountId, createdBy: actor.user.id })
      .returning();
    const how = created!.format === 'standard' ? { signing: created!.signing } : { format: created!.format };
    await audit(tx, actor, 'webhook.create', created!, { events: created!.events, ...how });
    return created!;
  });
}

/**
 * Changes what was sent. Enabling an endpoint starts it afresh (Faxline's reason and the failing period go), as does a
 * new URL; disabling it by hand leaves no reason (it was a person's choice).
 */
export async function updateWebhookEndpoint(
  { db, config }: EndpointDeps,
  actor: Actor,
  id: string,
  request: z.output<typeof ZUpdateWebhookEndpointRequest>,
): Promise<TWebhookEndpoint> {
  return inTransaction(db, async (tx) => {
    const before = await endpointOfAccount(tx, actor.member.accountId, id);
    // Turning a signed one on is refused on a plan without webhooks; turning one off, or deleting it, never is.
    if (request.enabled === true && before.format === 'standard') await assertPlanIncludes(tx, actor.member.accountId, 'webhooks');
    // A chat notice's new URL must be its own app's.
    const url =
      request.url === undefined
        ? undefined
        : before.format === 'standard'
          ? checkWebhookUrl(request.url, config)
          : checkChatNoticeUrl(request.url, before.format, config);
    const enabling = request.enabled === true && !before.enabled;
    const fresh = enabling || (url !== undefined && url !== before.url);
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(request.events !== undefined ? { events: request.events } : {}),
        ...(request.description !== undefined ? { description: request.description } : {}),
        ...(request.enabled !== undefined ? { enabled: request.enabled } : {}),
        ...(fresh ? { failingSince: null } : {}),
        ...(request.enabled !== undefined ? { disabledReason: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, before.id))
      .returning();
    const moved = url !== undefined && url !== before.url;
    await audit(tx, actor, 'webhook.update', updated!, { changed: Object.keys(request), ...(moved ? { before: before.url } : {}) });
    return toPublicEndpoint(updated!);
  });
}

/** Deletes an endpoint with its messages and their log; nothing more is sent to it. */
export async function deleteWebhookEndpoint(db: Database, actor: Actor, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const endpoint = await endpointOfAccount(tx, actor.member.accountId, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    await audit(tx, actor, 'webhook.delete', endpoint);
  });
}

/**
 * A new secret (or key pair) for the endpoint, shown once. The one it replaces keeps signing beside it for
 * WEBHOOK_SECRET_OVERLAP_SECONDS, so that a receiver can switch without refusing a message meanwhile.
 */
export async function rotateWebhookSecret({ db, config }: EndpointDeps, actor: Actor, id: string): Promise<TWebhookSecretResponse> {
  return inTransaction(db, async (tx) => {
    const before = await endpointOfAccount(tx, actor.member.accountId, id);
    if (!before.secret) throw new AppError('conflict', 'errors.chatNoticeNotSigned');
    const signing = newSigningSecret(before.signing);
    const now = clock.now().getTime();
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secret: await sealSigningSecret(config, signing.secret),
        publicKey: signing.publicKey,
        previousSecret: before.secret,
        previousSecretExpiresAt: new Date(now + WEBHOOK_SECRET_OVERLAP_SECONDS * 1000),
        updatedAt: new Date(now),
      })
      .where(eq(webhookEndpoints.id, before.id))
      .returning();
    await audit(tx, actor, 'webhook.rotate_secret', updated!);
    return { endpoint: toPublicEndpoint(updated!), secret: signing.shown };
  });
}
