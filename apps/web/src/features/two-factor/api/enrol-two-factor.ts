import { ZTwoFactorEnrolResponse, type TTwoFactorEnrolRequest, type TTwoFactorEnrolResponse } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

/**
 * POST /api/two-factor/enrol: checks the password and answers a new secret (as a QR code URI and as text) with ten
 * backup codes. Nothing is switched on yet, so the session is unchanged; a wrong password is a 4xx with its message.
 */
export function enrolTwoFactor(request: TTwoFactorEnrolRequest): Promise<TTwoFactorEnrolResponse> {
  return apiSend('POST', '/two-factor/enrol', request, ZTwoFactorEnrolResponse);
}

export function useEnrolTwoFactor() {
  return useMutation({ mutationFn: enrolTwoFactor });
}
