import {
  ZPushPublicKeyResponse,
  ZPushSubscription,
  ZPushSubscriptionsResponse,
  type TPushSubscription,
  type TSavePushSubscriptionRequest,
} from '@faxline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiGet, apiSend } from '@/lib/api-client';

export const pushSubscriptionsQueryKey = ['push', 'subscriptions'] as const;

/** GET /api/push/public-key: the VAPID key this server's pushes are signed with, which a browser subscribes with. */
export async function getPushPublicKey(): Promise<string> {
  return (await apiGet('/push/public-key', ZPushPublicKeyResponse)).publicKey;
}

/** GET /api/push/subscriptions: this person's devices that get push notifications. */
export function usePushSubscriptions() {
  return useQuery({
    queryKey: pushSubscriptionsQueryKey,
    queryFn: async () => (await apiGet('/push/subscriptions', ZPushSubscriptionsResponse)).subscriptions,
  });
}

/** POST /api/push/subscriptions: keeps this device's subscription for this person. */
export function savePushSubscription(request: TSavePushSubscriptionRequest): Promise<TPushSubscription> {
  return apiSend('POST', '/push/subscriptions', request, ZPushSubscription);
}

/** DELETE /api/push/subscriptions/:id (204): stops pushes to one of this person's devices. */
export function removePushSubscription(id: string): Promise<undefined> {
  return apiSend('DELETE', `/push/subscriptions/${encodeURIComponent(id)}`, undefined, z.undefined());
}

/** Runs a change of this device's subscription, then reads the server's list again. */
export function usePushChange<TInput, TOutput>(change: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushSubscriptionsQueryKey }),
  });
}
