import { ZFaxQuote, type TFaxQuote, type TSendBroadcastRequest } from '@faxline/shared';
import { useQuery } from '@tanstack/react-query';

import { apiSendForm } from '@/lib/api-client';

import { broadcastKeys } from './query-keys';
import { buildBroadcastForm } from './send-broadcast';

/** The broadcast as the form stands, to price: its request, its files, and a signature that changes with them. */
export type TBroadcastToQuote = { request: TSendBroadcastRequest; files: readonly File[]; signature: string };

/** POST /api/broadcasts/quote: the whole set's price beyond the plan (decision 096); nothing is stored. */
export function quoteBroadcast({ request, files }: TBroadcastToQuote): Promise<TFaxQuote> {
  return apiSendForm('/broadcasts/quote', buildBroadcastForm(request, files), ZFaxQuote);
}

export function useBroadcastQuote(send: TBroadcastToQuote | null) {
  return useQuery({
    queryKey: broadcastKeys.quote(send?.signature ?? null),
    queryFn: () => quoteBroadcast(send!),
    enabled: send !== null,
    retry: false,
    staleTime: 0,
  });
}
