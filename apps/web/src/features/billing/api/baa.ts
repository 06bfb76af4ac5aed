import { ZBaaResponse, ZBaaSignature, type TBaaResponse, type TBaaSignRequest, type TBaaSignature } from '@faxline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

/** GET /api/billing/baa: the business associate agreement in force (in the reader's language) and the account's signatures. */
export function getBaa(): Promise<TBaaResponse> {
  return apiGet('/billing/baa', ZBaaResponse);
}

// The text comes in the language the request asks for: another language is another answer.
export const baaQueryOptions = (language: string) => queryOptions({ queryKey: ['billing', 'baa', language] as const, queryFn: getBaa });

export function useBaa(language: string, enabled = true) {
  return useQuery({ ...baaQueryOptions(language), enabled });
}

/**
 * POST /api/billing/baa: the owner signs the version read. 400 with `issues` for an empty field, 409 when the text has
 * a new version since it was loaded; the messages come translated.
 */
export function signBaa(request: TBaaSignRequest): Promise<TBaaSignature> {
  return apiSend('POST', '/billing/baa', request, ZBaaSignature);
}

export function useSignBaa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signBaa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing', 'baa'] }),
  });
}

/** Where the browser downloads a signed agreement's PDF (the session cookie goes with it). */
export function baaPdfUrl(signatureId: string): string {
  return `/api/billing/baa/${encodeURIComponent(signatureId)}/pdf`;
}
