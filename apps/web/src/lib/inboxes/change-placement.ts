import { ZFaxPlacement, type TFaxPlacement, type TFaxPlacementChange } from '@faxline/shared';

import { apiSend } from '@/lib/api-client';

/**
 * PATCH /api/faxes/:id/placement: moves a received fax (inbox, assignee, labels, state, folder). Claiming is setting
 * oneself as assignee; the server then starts a new fax's work (in progress). Each feature's hook around it refreshes
 * what it shows; every inbox list and count follows through `inboxKeys.all`.
 */
export function changePlacement(id: string, change: TFaxPlacementChange): Promise<TFaxPlacement> {
  return apiSend('PATCH', `/faxes/${encodeURIComponent(id)}/placement`, change, ZFaxPlacement);
}
