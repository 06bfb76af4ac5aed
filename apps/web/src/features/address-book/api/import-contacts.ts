import { ZContactImportResult, type TContactImportResult } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSendFile } from '@/lib/api-client';

import { contactKeys } from './query-keys';

/** POST /api/contacts/import: the CSV file as the body; answers what was imported, skipped and refused (by line). */
export function importContacts(file: Blob): Promise<TContactImportResult> {
  return apiSendFile('/contacts/import', file, 'text/csv', ZContactImportResult);
}

export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importContacts, onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }) });
}
