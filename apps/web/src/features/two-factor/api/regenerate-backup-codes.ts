import { ZTwoFactorBackupCodesResponse, type TTwoFactorBackupCodesRequest, type TTwoFactorBackupCodesResponse } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

/** POST /api/two-factor/backup-codes with the password: ten new backup codes; the previous ones stop working. */
export function regenerateBackupCodes(request: TTwoFactorBackupCodesRequest): Promise<TTwoFactorBackupCodesResponse> {
  return apiSend('POST', '/two-factor/backup-codes', request, ZTwoFactorBackupCodesResponse);
}

export function useRegenerateBackupCodes() {
  return useMutation({ mutationFn: regenerateBackupCodes });
}
