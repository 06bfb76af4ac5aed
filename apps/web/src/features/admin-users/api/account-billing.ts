import {
  ZAdminAccountBilling,
  ZAdminPersonAccount,
  ZAdminPlansResponse,
  type TAdminCreditNoteRequest,
  type TAdminGrantPlanRequest,
} from '@faxline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiGet, apiSend } from '@/lib/api-client';

import { adminUserKeys } from './query-keys';

const accountPath = (accountId: string) => `/admin/accounts/${encodeURIComponent(accountId)}/billing`;

/** GET /api/admin/users/:id/account: the account a person belongs to, their role in it and its owner. */
export function usePersonAccount(userId: string) {
  return useQuery({
    queryKey: [...adminUserKeys.all, 'account', userId],
    queryFn: () => apiGet(`/admin/users/${encodeURIComponent(userId)}/account`, ZAdminPersonAccount),
    retry: false,
  });
}

const billingKey = (accountId: string) => [...adminUserKeys.all, 'billing', accountId] as const;

/** GET /api/admin/accounts/:accountId/billing: plan, subscription and the newest invoices with their credit notes. */
export function useAccountBilling(accountId: string | null) {
  return useQuery({
    queryKey: billingKey(accountId ?? ''),
    queryFn: () => apiGet(accountPath(accountId!), ZAdminAccountBilling),
    enabled: accountId !== null,
    // An operator grants or refunds on what the provider holds now: each opening of the dialog reads it again, never
    // a status kept from an earlier opening (a subscription ended meanwhile would still read "Active").
    staleTime: 0,
    retry: false,
  });
}

/** The catalogue a plan is granted from (archived plans left out). */
export function useGrantablePlans() {
  return useQuery({
    queryKey: ['admin', 'plans'],
    queryFn: () => apiGet('/admin/plans', ZAdminPlansResponse),
    select: (data) => data.plans.filter((plan) => plan.archivedAt === null),
  });
}

export function useGrantPlan(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TAdminGrantPlanRequest) => apiSend('POST', `${accountPath(accountId)}/plan`, request, z.undefined()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey(accountId) }),
  });
}

export function useCreditInvoice(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, request }: { invoiceId: string; request: TAdminCreditNoteRequest }) =>
      apiSend('POST', `${accountPath(accountId)}/invoices/${encodeURIComponent(invoiceId)}/credit-notes`, request, z.undefined()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey(accountId) }),
  });
}

export const adminInvoicePdfUrl = (accountId: string, invoiceId: string) =>
  `/api${accountPath(accountId)}/invoices/${encodeURIComponent(invoiceId)}/pdf`;

export const adminUsageCsvUrl = (accountId: string, from: string, to: string) =>
  `/api${accountPath(accountId)}/usage.csv?${new URLSearchParams({ from, to }).toString()}`;
