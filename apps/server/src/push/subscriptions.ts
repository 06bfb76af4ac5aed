import type { TPushSubscription, TSavePushSubscriptionRequest } from '@faxline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { accountMembers } from '../accounts/schema';
import type { RelayedEvent } from '../events/relay';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { pushSubscriptions } from './schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

const publicView = (row: PushSubscriptionRow): TPushSubscription => ({
  id: row.id,
  endpoint: row.endpoint,
  deviceLabel: row.deviceLabel,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

/** This person's devices, newest first. */
export async function listPushSubscriptions(db: Database, userId: string): Promise<TPushSubscription[]> {
  const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(publicView);
}

/**
 * Keeps this device's subscription for this person: a new endpoint is added; one already known (subscribed again, or
 * by someone else signed in on the same browser before) takes the new keys and this person, since only the browser
 * that holds an endpoint can give it.
 */
export async function savePushSubscription(db: Database, userId: string, input: TSavePushSubscriptionRequest): Promise<TPushSubscription> {
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    deviceLabel: input.deviceLabel || null,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, lastSuccessAt: null } })
    .returning();
  return publicView(row!);
}

/** Removes one of this person's devices; another person's id, or one gone, is not found. */
export async function removePushSubscription(db: Database, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError('not_found', 'errors.pushSubscriptionNotFound');
}

/** The devices of these people, for a notification to them. */
export async function subscriptionsOfPeople(db: Database, userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
}

export async function loadPushSubscription(db: Database, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** The push service accepted a notification for it. */
export async function markPushDelivered(db: Database, id: string): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.id, id));
}

/** The push service said the subscription is gone (404, 410): nothing will reach it again. */
export async function dropPushSubscription(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/**
 * The events of a relayed batch whose account has a member with a device to push to (the relay asks once per batch):
 * without it, every fax's events would each be a push job that ends by finding no device.
 */
export async function eventsOfAccountsWithPushDevices(db: Database, events: readonly RelayedEvent[]): Promise<ReadonlySet<string>> {
  const rows = await db
    .selectDistinct({ accountId: accountMembers.organizationId })
    .from(pushSubscriptions)
    .innerJoin(accountMembers, eq(accountMembers.userId, pushSubscriptions.userId))
    .where(inArray(accountMembers.organizationId, [...new Set(events.map((event) => event.accountId))]));
  const accounts = new Set(rows.map((row) => row.accountId));
  return new Set(events.filter((event) => accounts.has(event.accountId)).map((event) => event.id));
}
