import { ZFaxQuote, type TFaxQuote, type TSendFaxRequest } from '@faxline/shared';
import { useQuery } from '@tanstack/react-query';

import { apiSendForm } from '@/lib/api-client';

import { buildSendForm } from '../utils/send-form-data';

import { faxKeys } from './query-keys';

/** POST /api/faxes/quote: the same body as a send; what it would cost beyond the plan (decision 096). Nothing is stored. */
export function quoteFax({ request, files }: { request: TSendFaxRequest; files: readonly File[] }): Promise<TFaxQuote> {
  return apiSendForm('/faxes/quote', buildSendForm(request, files), ZFaxQuote);
}

/** The form's send as it stands, to price: its request, its files, and a signature that changes with them. */
export type TSendToQuote = { request: TSendFaxRequest; files: readonly File[]; signature: string };

/** The price of the form's send, asked again whenever the send changes; nothing while it cannot be sent yet. */
export function useSendQuote(send: TSendToQuote | null) {
  return useQuery({
    queryKey: faxKeys.quote(send?.signature ?? null),
    queryFn: () => quoteFax(send!),
    enabled: send !== null,
    retry: false,
    staleTime: 0,
  });
}
