import { ZContactResponse, type TContactRequest, type TContactResponse } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

/**
 * POST /api/contact: stores the message as a support ticket for the back office. 201 with the ticket id; 400 on
 * invalid fields, 429 when one address sends too many (the server's message says so, translated).
 */
export function sendContactMessage(request: TContactRequest): Promise<TContactResponse> {
  return apiSend('POST', '/contact', request, ZContactResponse);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
