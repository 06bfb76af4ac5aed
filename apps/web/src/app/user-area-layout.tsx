import { UserLayout } from '@/components/layouts/user/user-layout';
import { PaymentFailedBanner } from '@/features/billing/components/payment-failed-banner';
import { InboxNavLinks } from '@/features/inboxes/components/inbox-nav-links';
import { UserNotifications } from '@/features/notifications/components/user-notifications';

/**
 * Every /user page's layout with its header's bell of fax events and a failed payment's banner: the app puts the
 * features in, since a layout (components/) may not import a feature itself.
 */
export function UserAreaLayout() {
  return (
    <UserLayout notifications={<UserNotifications />} banner={<PaymentFailedBanner />} faxViews={(props) => <InboxNavLinks {...props} />} />
  );
}
