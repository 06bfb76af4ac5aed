import type { TUsageCsvQuery } from '@faxline/shared';

/**
 * GET /api/billing/usage.csv?from&to: the usage ledger of those days as CSV. A plain link downloads it with the
 * session cookie, named by the server with its period.
 */
export const usageCsvUrl = ({ from, to }: TUsageCsvQuery) => `/api/billing/usage.csv?${new URLSearchParams({ from, to }).toString()}`;
