import { ZDryRunResult, type TDryRunRequest, type TDryRunResult } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

/**
 * POST /api/routing-rules/dry-run: the rule as written in the editor, not saved, tried on the account's last received
 * faxes. With `ruleId` (an edit), the rules before it in the order still take their faxes first. Nothing changes.
 */
export function dryRunRoutingRule(request: TDryRunRequest): Promise<TDryRunResult> {
  return apiSend('POST', '/routing-rules/dry-run', request, ZDryRunResult);
}

export function useDryRunRoutingRule() {
  return useMutation({ mutationFn: dryRunRoutingRule });
}
