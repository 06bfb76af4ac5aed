import { Suspense } from 'react';

import { UserLayout } from '@/components/layouts/user/user-layout';
import { AgentFaxesNavLink } from '@/features/agents/components/agent-faxes-nav-link';
import { AnnouncementBanners } from '@/features/announcements/components/announcement-banners';
import { PaymentFailedBanner } from '@/features/billing/components/payment-failed-banner';
import { InboxNavLinks } from '@/features/inboxes/components/inbox-nav-links';
import { InstallPrompt } from '@/features/installed-app/components/install-prompt';
import { OfflineNotice } from '@/features/installed-app/components/offline-notice';
import { UserNotifications } from '@/features/notifications/components/user-notifications';

/**
 * Every /user page's layout with its header's bell of fax events, a failed payment's banner and the back office's
 * announcements: the app puts the features in, since a layout (components/) may not import a feature itself.
 */
export function UserAreaLayout() {
  return (
    <UserLayout
      notifications={<UserNotifications />}
      banner={
        <>
          {/* The installed app's: the kept history's notice, and the install offer (fixed at the bottom of the screen, after
              a first delivered fax, where the browser offers installing). Their texts load without holding the page. */}
          <Suspense fallback={null}>
            <OfflineNotice />
            <InstallPrompt />
          </Suspense>
          <PaymentFailedBanner />
          {/* Its texts load with the first banner to show: until then, nothing (not the page) waits for them. */}
          <Suspense fallback={null}>
            <AnnouncementBanners />
          </Suspense>
        </>
      }
      // Under Fax History: the shared inboxes, then the approval queue of agents' faxes when the account has one.
      faxViews={(props) => (
        <>
          <InboxNavLinks {...props} />
          <AgentFaxesNavLink {...props} />
        </>
      )}
    />
  );
}
