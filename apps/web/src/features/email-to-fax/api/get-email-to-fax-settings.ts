import { ZEmailToFaxSettings, type TEmailToFaxSettings } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

export const emailToFaxSettingsQueryKey = ['account', 'email-to-fax'] as const;

/**
 * GET /api/account/email-to-fax: the domain faxes are e-mailed to, the addresses besides the account's people that may
 * send, how strictly a sender's domain is checked, and whether the e-mail's text becomes the cover message. 403 unless
 * owner or sub-admin.
 */
export function getEmailToFaxSettings(): Promise<TEmailToFaxSettings> {
  return apiGet('/account/email-to-fax', ZEmailToFaxSettings);
}

/** The server's refusal of someone who may not manage these settings: nothing to retry. */
const isNotAllowed = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export const emailToFaxSettingsQueryOptions = () =>
  queryOptions({
    queryKey: emailToFaxSettingsQueryKey,
    queryFn: getEmailToFaxSettings,
    retry: (failures, error) => !isNotAllowed(error) && failures < 2,
  });

export function useEmailToFaxSettings() {
  return useQuery(emailToFaxSettingsQueryOptions());
}
