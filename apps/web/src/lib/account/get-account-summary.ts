import { ZAccountSummary, type TAccountSummary } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export const accountSummaryQueryKey = ['account', 'summary'] as const;

/**
 * GET /api/account: the account the signed-in person acts for and their role in it. The user area's layout hides what
 * the role cannot use, and the dashboard shows the platform's welcome message; the server enforces the same rules.
 */
export function getAccountSummary(): Promise<TAccountSummary> {
  return apiGet('/account', ZAccountSummary);
}

export const accountSummaryQueryOptions = () => queryOptions({ queryKey: accountSummaryQueryKey, queryFn: getAccountSummary });

export function useAccountSummary() {
  return useQuery(accountSummaryQueryOptions());
}
