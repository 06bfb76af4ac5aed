import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';

import { AppShell } from '@/components/layouts/site/app-shell';
import { NavigationBox } from '@/features/assistant/components/navigation-box';
import { paths } from '@/config/paths';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { RequireUser } from '@/lib/auth/require-user';
import { i18n } from '@/lib/i18n';
import { MaintenanceGate } from '@/lib/platform/maintenance-gate';
import { SaveLanguageChoice } from '@/lib/save-language-choice';
import type * as AreaPages from './area-pages';

type TNamespace = Extract<Parameters<typeof i18n.loadNamespaces>[0], string>;

/**
 * A public page: its chunk and the translation files it reads, fetched together. Left to the page, the files would be
 * asked for only once its code had arrived and rendered, a round trip more before the first visit shows anything.
 */
function publicPage(load: () => Promise<{ default: ComponentType }>, namespaces: TNamespace[]) {
  return lazy(() => Promise.all([load(), i18n.loadNamespaces(namespaces)]).then(([module]) => module));
}

type TAreaPages = typeof AreaPages;

/** A page of the user area or the back office, found in their table (area-pages.ts), which loads with the first one. */
function areaPage(pick: (pages: TAreaPages) => () => Promise<{ default: ComponentType }>) {
  return lazy(async () => pick(await import('./area-pages'))());
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
const SecurityRoute = areaPage((pages) => pages.userAreaPages.security);
const AuditTrailRoute = areaPage((pages) => pages.userAreaPages.auditTrail);
const UserDashboardRoute = areaPage((pages) => pages.userAreaPages.dashboard);
const ProfileRoute = areaPage((pages) => pages.userAreaPages.profile);
const SendFaxRoute = areaPage((pages) => pages.userAreaPages.sendFax);
const FaxHistoryRoute = areaPage((pages) => pages.userAreaPages.faxHistory);
const FaxReviewRoute = areaPage((pages) => pages.userAreaPages.faxReview);
const InboxRoute = areaPage((pages) => pages.userAreaPages.inbox);
const ContactsRoute = areaPage((pages) => pages.userAreaPages.contacts);
const BroadcastsRoute = areaPage((pages) => pages.userAreaPages.broadcasts);
const NewBroadcastRoute = areaPage((pages) => pages.userAreaPages.newBroadcast);
const BroadcastRoute = areaPage((pages) => pages.userAreaPages.broadcast);
const SettingsRoute = areaPage((pages) => pages.userAreaPages.settings);
const AddUserRoute = areaPage((pages) => pages.userAreaPages.addUser);
const ApiKeysRoute = areaPage((pages) => pages.userAreaPages.apiKeys);
const ConnectAppRoute = areaPage((pages) => pages.userAreaPages.connectApp);
const AgentFaxesRoute = areaPage((pages) => pages.userAreaPages.agentFaxes);
const WebhooksRoute = areaPage((pages) => pages.userAreaPages.webhooks);
const InboxesRoute = areaPage((pages) => pages.userAreaPages.inboxes);
const NumbersRoute = areaPage((pages) => pages.userAreaPages.numbers);
const RoutingRulesRoute = areaPage((pages) => pages.userAreaPages.routingRules);
const EmailToFaxRoute = areaPage((pages) => pages.userAreaPages.emailToFax);
const PortingRoute = areaPage((pages) => pages.userAreaPages.porting);
const BillingRoute = areaPage((pages) => pages.userAreaPages.billing);
const UserSupportRoute = areaPage((pages) => pages.userAreaPages.support);
const AdminLoginRoute = lazy(() => import('./routes/admin/login'));
const AdminDashboardRoute = areaPage((pages) => pages.adminAreaPages.dashboard);
const AdminUsersRoute = areaPage((pages) => pages.adminAreaPages.users);
const AdminPlansRoute = areaPage((pages) => pages.adminAreaPages.plans);
const AdminPromotionsRoute = areaPage((pages) => pages.adminAreaPages.promotions);
const AdminNumbersRoute = areaPage((pages) => pages.adminAreaPages.numbers);
const AdminPortingRoute = areaPage((pages) => pages.adminAreaPages.porting);
const AdminAnalyticsRoute = areaPage((pages) => pages.adminAreaPages.analytics);
const AdminSupportTicketsRoute = areaPage((pages) => pages.adminAreaPages.supportTickets);
const AdminContentRoute = areaPage((pages) => pages.adminAreaPages.content);
const AdminSettingsRoute = areaPage((pages) => pages.adminAreaPages.settings);
const AdminAuditLogRoute = areaPage((pages) => pages.adminAreaPages.auditLog);
const AdminAnnouncementsRoute = areaPage((pages) => pages.adminAreaPages.announcements);
const AdminLineProfilesRoute = areaPage((pages) => pages.adminAreaPages.lineProfiles);
// The areas' layouts load with their first page: they use the API client and zod, kept out of the landing bundle. The
// table of the areas' pages is asked for at the same time, so that it is not one more round trip after the layout.
const withAreaPages = <T,>(load: Promise<T>) => (void import('./area-pages'), load);
const UserLayout = lazy(() => withAreaPages(import('./user-area-layout')).then((module) => ({ default: module.UserAreaLayout })));
const AdminLayout = lazy(() => withAreaPages(import('./admin-area-layout')).then((module) => ({ default: module.AdminAreaLayout })));
// The admin guard asks the server (API client, zod), so it loads with the admin pages rather than with the app.
const RequireAdmin = lazy(() => import('@/lib/auth/require-admin').then((module) => ({ default: module.RequireAdmin })));

// After the first paint: the chat button floats over the page (it takes no place in it), and an error page is rare.
const ChatLauncher = lazy(() =>
  import('@/features/assistant/components/chat-launcher').then((module) => ({ default: module.ChatLauncher })),
);
const RouteError = lazy(() => import('@/components/errors/route-error').then((module) => ({ default: module.RouteError })));
const assistant = (
  <Suspense fallback={null}>
    <ChatLauncher />
  </Suspense>
);

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
    <AppShell navigationBox={<NavigationBox />} assistant={assistant}>
      <Outlet />
      <ScrollRestoration />
    </AppShell>
  );
}

function RootError() {
  return (
    <AppShell navigationBox={<NavigationBox />} assistant={assistant}>
      <Suspense fallback={null}>
        <RouteError />
      </Suspense>
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
