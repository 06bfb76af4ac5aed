import { ZReceiptVerification, type TReceiptVerification } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSendFile } from '@/lib/api-client';

/**
 * POST /api/receipts/verify: the report itself is the body (application/pdf, whatever type the browser gave the
 * file). No sign-in; 200 with whether it verifies and, when it does, what it states; 429 when one address asks too often.
 * Nothing is stored, so nothing is invalidated.
 */
export function verifyReceipt(file: Blob): Promise<TReceiptVerification> {
  return apiSendFile('/receipts/verify', file, 'application/pdf', ZReceiptVerification);
}

export function useVerifyReceipt() {
  return useMutation({ mutationFn: verifyReceipt });
}
