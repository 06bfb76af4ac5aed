import { z } from 'zod';
import { singleLineText } from '../text';

/**
 * Web Push (issue 42, decision 133): GET /api/push/public-key (the VAPID key a browser subscribes with),
 * GET /api/push/subscriptions (this person's devices), POST /api/push/subscriptions (this device's subscription),
 * DELETE /api/push/subscriptions/:id (one of this person's).
 */

/** The application server's VAPID public key: an uncompressed P-256 point, base64url, as `applicationServerKey`. */
export const ZPushPublicKeyResponse = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/) });
export type TPushPublicKeyResponse = z.infer<typeof ZPushPublicKeyResponse>;

/**
 * A base64url value of a subscription's keys (RFC 8291): the browser's P-256 public key (65 bytes) and auth secret (16).
 * The text check first, so that a control character is told as such rather than as a wrong length (decision 019).
 */
const ZBase64Url = (bytes: number) =>
  z
    .string()
    .check(singleLineText)
    .length(Math.ceil((bytes * 4) / 3))
    .regex(/^[A-Za-z0-9_-]+$/);

/** What `PushSubscription.toJSON()` gives, and a name for the device shown in the list. */
export const ZSavePushSubscriptionRequest = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({ p256dh: ZBase64Url(65), auth: ZBase64Url(16) }),
  deviceLabel: z.string().trim().max(200).check(singleLineText).optional(),
});
export type TSavePushSubscriptionRequest = z.infer<typeof ZSavePushSubscriptionRequest>;

/** One of a person's devices that get push notifications. */
export const ZPushSubscription = z.object({
  id: z.uuid(),
  endpoint: z.string(),
  deviceLabel: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** When the push service last accepted a notification for it; null until once. */
  lastSuccessAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZPushSubscriptionsResponse = z.object({ subscriptions: z.array(ZPushSubscription) });
export type TPushSubscriptionsResponse = z.infer<typeof ZPushSubscriptionsResponse>;

export const ZPushSubscriptionParams = z.object({ id: z.uuid() });

/**
 * What a push carries to the service worker (apps/web/src/service-worker/features/push.ts): a title and body with no
 * document content (and on a HIPAA plan no name or number), the fax page to open, and a tag (the event) so that a
 * notification delivered twice replaces itself rather than showing twice.
 */
export const ZPushMessage = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(300),
  url: z.string().startsWith('/'),
  tag: z.string().min(1).max(100),
});
export type TPushMessage = z.infer<typeof ZPushMessage>;
