import { ZFaxPreviewResponse, type TFaxPreviewResponse, type TSendFaxRequest } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSendForm } from '@/lib/api-client';

import { buildSendForm } from '../utils/send-form-data';

/** POST /api/faxes/preview: the same body as a send; the first pages as the fax will print them. Nothing is stored. */
export function previewFax({ request, files }: { request: TSendFaxRequest; files: readonly File[] }): Promise<TFaxPreviewResponse> {
  return apiSendForm('/faxes/preview', buildSendForm(request, files), ZFaxPreviewResponse);
}

export function usePreviewFax() {
  return useMutation({ mutationFn: previewFax });
}
