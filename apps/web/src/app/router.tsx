import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';

import { RouteError } from '@/components/errors/route-error';
import { AppShell } from '@/components/layouts/site/app-shell';
import { ChatLauncher } from '@/features/assistant/components/chat-launcher';
import { NavigationBox } from '@/features/assistant/components/navigation-box';
import { paths } from '@/config/paths';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { RequireUser } from '@/lib/auth/require-user';
import { i18n } from '@/lib/i18n';
import { MaintenanceGate } from '@/lib/platform/maintenance-gate';
import { SaveLanguageChoice } from '@/lib/save-language-choice';

type TNamespace = Extract<Parameters<typeof i18n.loadNamespaces>[0], string>;

/**
 * A public page: its chunk and the translation files it reads, fetched together. Left to the page, the files would be
 * asked for only once its code had arrived and rendered, a round trip more before the first visit shows anything.
 */
function publicPage(load: () => Promise<{ default: ComponentType }>, namespaces: TNamespace[]) {
  return lazy(() => Promise.all([load(), i18n.loadNamespaces(namespaces)]).then(([module]) => module));
}

// One chunk per page, so pages added later stay out of the landing bundle.
const HomeRoute = publicPage(() => import('./routes/home'), ['marketing']);
const PricingRoute = publicPage(() => import('./routes/pricing'), ['marketing']);
const FaxPlansRoute = publicPage(() => import('./routes/fax-plans'), ['marketing']);
const SupportRoute = publicPage(() => import('./routes/support'), ['help']);
const DevelopersRoute = publicPage(() => import('./routes/developers'), ['developers']);
const ApiDocumentationRoute = publicPage(() => import('./routes/api-documentation'), ['developers']);
const ApiChangelogRoute = publicPage(() => import('./routes/api-changelog'), ['developers']);
const AboutUsRoute = publicPage(() => import('./routes/about-us'), ['marketing']);
const ReviewsRoute = publicPage(() => import('./routes/reviews'), ['marketing', 'reviews']);
const WriteReviewRoute = publicPage(() => import('./routes/write-review'), ['marketing', 'reviews', 'messages']);
const BlogRoute = publicPage(() => import('./routes/blog'), ['blog']);
const BlogPostRoute = publicPage(() => import('./routes/blog-post'), ['blog']);
// An address without a page of its own: a page written in the back office, or "not found".
const SitePageRoute = publicPage(() => import('./routes/site-page'), ['blog']);
const UtilitiesToolsRoute = publicPage(() => import('./routes/utilities-tools'), ['help']);
const PortingYourNumberRoute = publicPage(() => import('./routes/porting-your-number'), ['help']);
const SitemapRoute = publicPage(() => import('./routes/sitemap'), ['help']);
const SecurityPrivacyRoute = publicPage(() => import('./routes/security-privacy'), ['legal']);
const PrivacyPolicyRoute = publicPage(() => import('./routes/privacy-policy'), ['legal']);
const ContactRoute = publicPage(() => import('./routes/contact'), ['marketing']);
const VerifyReceiptRoute = publicPage(() => import('./routes/verify-receipt'), ['receipts']);
const StatusRoute = publicPage(() => import('./routes/status'), ['delivery-record']);
const ConfirmEmailSenderRoute = publicPage(() => import('./routes/confirm-email-sender'), ['email-to-fax']);
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const SignInRoute = publicPage(() => import('./routes/auth/sign-in'), ['auth']);
const SignInLinkRoute = publicPage(() => import('./routes/auth/sign-in-link'), ['auth']);
const SignUpRoute = publicPage(() => import('./routes/auth/sign-up'), ['auth']);
const ForgotPasswordRoute = publicPage(() => import('./routes/auth/forgot-password'), ['auth']);
const ResetPasswordRoute = publicPage(() => import('./routes/auth/reset-password'), ['auth']);
const TwoFactorSetupRoute = publicPage(() => import('./routes/auth/two-factor-setup'), ['security']);
const ChangePasswordRoute = publicPage(() => import('./routes/auth/change-password'), ['sessions', 'auth']);
const SecurityRoute = lazy(() => import('./routes/user/security'));
const AuditTrailRoute = lazy(() => import('./routes/user/audit-trail'));
const UserDashboardRoute = lazy(() => import('./routes/user/dashboard'));
const ProfileRoute = lazy(() => import('./routes/user/profile'));
const SendFaxRoute = lazy(() => import('./routes/user/send-fax'));
const FaxHistoryRoute = lazy(() => import('./routes/user/fax-history'));
const FaxReviewRoute = lazy(() => import('./routes/user/fax-review'));
const InboxRoute = lazy(() => import('./routes/user/inbox'));
const ContactsRoute = lazy(() => import('./routes/user/contacts'));
const BroadcastsRoute = lazy(() => import('./routes/user/broadcasts'));
const NewBroadcastRoute = lazy(() => import('./routes/user/new-broadcast'));
const BroadcastRoute = lazy(() => import('./routes/user/broadcast'));
const SettingsRoute = lazy(() => import('./routes/user/settings'));
const AddUserRoute = lazy(() => import('./routes/user/add-user'));
const ApiKeysRoute = lazy(() => import('./routes/user/api-keys'));
const ConnectAppRoute = lazy(() => import('./routes/user/connect-app'));
const AgentFaxesRoute = lazy(() => import('./routes/user/agent-faxes'));
const WebhooksRoute = lazy(() => import('./routes/user/webhooks'));
const InboxesRoute = lazy(() => import('./routes/user/inboxes'));
const NumbersRoute = lazy(() => import('./routes/user/numbers'));
const RoutingRulesRoute = lazy(() => import('./routes/user/routing-rules'));
const EmailToFaxRoute = lazy(() => import('./routes/user/email-to-fax'));
const PortingRoute = lazy(() => import('./routes/user/porting'));
const BillingRoute = lazy(() => import('./routes/user/billing'));
const UserSupportRoute = lazy(() => import('./routes/user/support'));
const AdminLoginRoute = lazy(() => import('./routes/admin/login'));
const AdminDashboardRoute = lazy(() => import('./routes/admin/dashboard'));
const AdminUsersRoute = lazy(() => import('./routes/admin/users'));
const AdminPlansRoute = lazy(() => import('./routes/admin/plans'));
const AdminPromotionsRoute = lazy(() => import('./routes/admin/promotions'));
const AdminNumbersRoute = lazy(() => import('./routes/admin/numbers'));
const AdminPortingRoute = lazy(() => import('./routes/admin/porting'));
const AdminAnalyticsRoute = lazy(() => import('./routes/admin/analytics'));
const AdminSupportTicketsRoute = lazy(() => import('./routes/admin/support-tickets'));
const AdminContentRoute = lazy(() => import('./routes/admin/content'));
const AdminSettingsRoute = lazy(() => import('./routes/admin/settings'));
const AdminAuditLogRoute = lazy(() => import('./routes/admin/audit-log'));
const AdminAnnouncementsRoute = lazy(() => import('./routes/admin/announcements'));
const AdminLineProfilesRoute = lazy(() => import('./routes/admin/line-profiles'));
// The areas' layouts load with their first page: they use the API client and zod, kept out of the landing bundle.
const UserLayout = lazy(() => import('./user-area-layout').then((module) => ({ default: module.UserAreaLayout })));
const AdminLayout = lazy(() => import('./admin-area-layout').then((module) => ({ default: module.AdminAreaLayout })));
// The admin guard asks the server (API client, zod), so it loads with the admin pages rather than with the app.
const RequireAdmin = lazy(() => import('@/lib/auth/require-admin').then((module) => ({ default: module.RequireAdmin })));

// Above the layout and its error boundary, so the header keeps knowing who is signed in on an error page too.
function AuthRoot() {
  return (
    <AuthProvider>
      <SaveLanguageChoice />
      <MaintenanceGate>
        <Outlet />
      </MaintenanceGate>
    </AuthProvider>
  );
}

function RootLayout() {
  return (
    <AppShell navigationBox={<NavigationBox />} assistant={<ChatLauncher />}>
      <Outlet />
      <ScrollRestoration />
    </AppShell>
  );
}

function RootError() {
  return (
    <AppShell navigationBox={<NavigationBox />} assistant={<ChatLauncher />}>
      <RouteError />
    </AppShell>
  );
}

export const router = createBrowserRouter([
  {
    Component: AuthRoot,
    children: [
      {
        path: paths.home.path,
        Component: RootLayout,
        ErrorBoundary: RootError,
        children: [
          { index: true, Component: HomeRoute },
          // The public pages of spec 000 §2.
          { path: paths.pricing.path, Component: PricingRoute },
          { path: paths.faxPlans.path, Component: FaxPlansRoute },
          { path: paths.support.path, Component: SupportRoute },
          { path: paths.developers.path, Component: DevelopersRoute },
          { path: paths.apiDocumentation.path, Component: ApiDocumentationRoute },
          { path: paths.apiChangelog.path, Component: ApiChangelogRoute },
          { path: paths.aboutUs.path, Component: AboutUsRoute },
          { path: paths.reviews.path, Component: ReviewsRoute },
          { path: paths.writeReview.path, Component: WriteReviewRoute },
          { path: paths.blog.path, Component: BlogRoute },
          { path: `${paths.blog.path}/:slug`, Component: BlogPostRoute },
          { path: paths.utilitiesTools.path, Component: UtilitiesToolsRoute },
          { path: paths.portingYourNumber.path, Component: PortingYourNumberRoute },
          { path: paths.sitemap.path, Component: SitemapRoute },
          { path: paths.securityPrivacy.path, Component: SecurityPrivacyRoute },
          { path: paths.privacyPolicy.path, Component: PrivacyPolicyRoute },
          { path: paths.contact.path, Component: ContactRoute },
          { path: paths.verifyReceipt.path, Component: VerifyReceiptRoute },
          { path: paths.status.path, Component: StatusRoute },
          { path: paths.confirmEmailSender.path, Component: ConfirmEmailSenderRoute },
          { path: paths.signIn.path, Component: SignInRoute },
          { path: paths.signInLink.path, Component: SignInLinkRoute },
          { path: paths.twoFactorSetup.path, Component: TwoFactorSetupRoute },
          { path: paths.changePassword.path, Component: ChangePasswordRoute },
          { path: paths.signUp.path, Component: SignUpRoute },
          { path: paths.forgotPassword.path, Component: ForgotPasswordRoute },
          { path: paths.resetPassword.path, Component: ResetPasswordRoute },
          { path: paths.admin.login.path, Component: AdminLoginRoute },
          { path: '*', Component: SitePageRoute },
        ],
      },
      {
        // Spec 001 §2.1, §2.2: every /user page needs a signed-in person, and has the user area's own layout.
        path: '/user',
        Component: RequireUser,
        ErrorBoundary: RootError,
        children: [
          {
            Component: UserLayout,
            children: [
              { index: true, element: <Navigate to={paths.user.dashboard.getHref()} replace /> },
              { path: paths.user.dashboard.path, Component: UserDashboardRoute },
              { path: paths.user.profile.path, Component: ProfileRoute },
              { path: paths.user.sendFax.path, Component: SendFaxRoute },
              { path: paths.user.broadcasts.path, Component: BroadcastsRoute },
              { path: paths.user.newBroadcast.path, Component: NewBroadcastRoute },
              { path: paths.user.broadcast.path, Component: BroadcastRoute },
              { path: paths.user.faxHistory.path, Component: FaxHistoryRoute },
              { path: paths.user.faxReview.path, Component: FaxReviewRoute },
              { path: paths.user.inbox.path, Component: InboxRoute },
              { path: paths.user.contacts.path, Component: ContactsRoute },
              { path: paths.user.settings.path, Component: SettingsRoute },
              { path: paths.user.security.path, Component: SecurityRoute },
              { path: paths.user.auditTrail.path, Component: AuditTrailRoute },
              { path: paths.user.addUser.path, Component: AddUserRoute },
              { path: paths.user.apiKeys.path, Component: ApiKeysRoute },
              { path: paths.user.connectApp.path, Component: ConnectAppRoute },
              { path: paths.user.agentFaxes.path, Component: AgentFaxesRoute },
              { path: paths.user.webhooks.path, Component: WebhooksRoute },
              { path: paths.user.inboxes.path, Component: InboxesRoute },
              { path: paths.user.numbers.path, Component: NumbersRoute },
              { path: paths.user.routingRules.path, Component: RoutingRulesRoute },
              { path: paths.user.emailToFax.path, Component: EmailToFaxRoute },
              { path: paths.user.porting.path, Component: PortingRoute },
              { path: paths.user.billing.path, Component: BillingRoute },
              { path: paths.user.support.path, Component: UserSupportRoute },
              { path: '*', Component: NotFoundRoute },
            ],
          },
        ],
      },
      {
        // Every other /admin page needs a platform admin with current back-office access (server-checked), and has
        // the back office's own layout (spec 001 §2.10).
        path: '/admin',
        Component: RequireAdmin,
        ErrorBoundary: RootError,
        children: [
          {
            Component: AdminLayout,
            children: [
              { index: true, element: <Navigate to={paths.admin.dashboard.getHref()} replace /> },
              { path: paths.admin.dashboard.path, Component: AdminDashboardRoute },
              { path: paths.admin.users.path, Component: AdminUsersRoute },
              { path: paths.admin.plans.path, Component: AdminPlansRoute },
              { path: paths.admin.promotions.path, Component: AdminPromotionsRoute },
              { path: paths.admin.numbers.path, Component: AdminNumbersRoute },
              { path: paths.admin.porting.path, Component: AdminPortingRoute },
              { path: paths.admin.analytics.path, Component: AdminAnalyticsRoute },
              { path: paths.admin.supportTickets.path, Component: AdminSupportTicketsRoute },
              { path: paths.admin.content.path, Component: AdminContentRoute },
              { path: paths.admin.settings.path, Component: AdminSettingsRoute },
              { path: paths.admin.auditLog.path, Component: AdminAuditLogRoute },
              { path: paths.admin.announcements.path, Component: AdminAnnouncementsRoute },
              { path: paths.admin.lineProfiles.path, Component: AdminLineProfilesRoute },
              { path: '*', Component: NotFoundRoute },
            ],
          },
        ],
      },
    ],
  },
]);
