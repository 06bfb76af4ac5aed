import { ZFaxAssignees, type TFaxAssignees } from '@faxline/shared';
import { useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** Under the fax's own key: a move to another inbox refreshes whom it may be given to. */
export const assigneesKey = (id: string) => [...faxKeys.detail(id), 'assignees'] as const;

/** GET /api/faxes/:id/assignees: whom the fax may be given to now (who uses faxes and sees its inbox), as the server says. */
export function getFaxAssignees(id: string): Promise<TFaxAssignees> {
  return apiGet(`/faxes/${encodeURIComponent(id)}/assignees`, ZFaxAssignees);
}

export function useFaxAssignees(id: string) {
  return useQuery({ queryKey: assigneesKey(id), queryFn: () => getFaxAssignees(id) });
}
