import type { TAdminUserListQuery } from '@faxline/shared';

/** The back-office user list's query keys, so that each change invalidates exactly the lists. */
export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (query: TAdminUserListQuery) => [...adminUserKeys.lists(), query] as const,
};
