/**
 * The query of the person's notifications (features/notifications asks for it). Here because another feature makes it
 * stale: opening a received fax (features/faxes) reads its notification too.
 */
export const notificationsQueryKey = ['account', 'notifications'] as const;
