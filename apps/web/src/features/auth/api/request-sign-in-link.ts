import { ZOk, type TOk, type TSignInLinkRequest } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

/** POST /api/auth/sign-in-link: the same answer whether or not anyone has that address or username. */
export function requestSignInLink(request: TSignInLinkRequest): Promise<TOk> {
  return apiSend('POST', '/auth/sign-in-link', request, ZOk);
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}
