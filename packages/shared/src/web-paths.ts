/**
 * The web app's pages (spec 000 §2, spec 001 §2), named once: the web app's router, links and helpers use these, and so
 * does every server e-mail, page or message that points at one (a link built as `${publicUrl}${webPaths.signIn.path}`),
 * so that a page that moves moves everywhere.
 */

const route = <P extends string>(path: P) => ({ path, getHref: (): string => path });

/** The anchors of /support (spec 000 §2): its page links to them, and the helpers point at them. */
export type TSupportSection = 'faqs' | 'how-faxline-works' | 'how-to-fax-online' | 'international-rates' | 'system-status';

export const webPaths = {
  home: route('/'),
  pricing: route('/pricing'),
  faxPlans: route('/fax-plans'),
  support: {
    path: '/support',
    /** `section` is one of the page's anchors, so that a helper can point at the part that answers. */
    getHref: (section?: TSupportSection) => (section ? `/support#${section}` : '/support'),
  },
  developers: route('/developers'),
  apiDocumentation: route('/api-documentation'),
  /** The public API's versions and what each changed (API_VERSION). */
  apiChangelog: route('/developers/changelog'),
  aboutUs: route('/about-us'),
  reviews: route('/reviews'),
  /** The blog (decision 116): its posts, newest first; `slug` opens one. */
  blog: {
    path: '/blog',
    getHref: (slug?: string) => (slug ? `/blog/${encodeURIComponent(slug)}` : '/blog'),
  },
  writeReview: route('/write-review'),
  utilitiesTools: {
    path: '/utilities-tools',
    /** `section`: the installed app's part (plan cards link there) or the scanner apps'. */
    getHref: (section?: 'mobile-app' | 'scanner-apps-info') => (section ? `/utilities-tools#${section}` : '/utilities-tools'),
  },
  portingYourNumber: route('/porting-your-number'),
  sitemap: route('/sitemap'),
  securityPrivacy: route('/security-privacy'),
  privacyPolicy: route('/privacy-policy'),
  contact: route('/contact'),
  /** Anyone checks a signed transmission report here. */
  verifyReceipt: route('/verify-receipt'),
  /** The delivery record (decision 122): how sent faxes got through, per line, and the incident notices. */
  status: route('/status'),
  /** The owner of an address an account allowed to fax by e-mail confirms it here (`?token=` from their e-mail). */
  confirmEmailSender: route('/confirm-email-sender'),
  signIn: {
    path: '/sign-in',
    /** `redirectTo` brings the user back to the protected page that sent them here (spec 001 §2.1). */
    getHref: (redirectTo?: string) => (redirectTo ? `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}` : '/sign-in'),
  },
  /** The page an e-mailed one-time sign-in link opens, with `?token=` (the server builds that link). */
  signInLink: route('/sign-in/link'),
  signUp: route('/sign-up'),
  forgotPassword: route('/forgot-password'),
  /** The page the password-reset e-mail links to, with `?token=` (the server builds that link). */
  resetPassword: route('/reset-password'),
  /** Two-factor enrolment for a signed-in person whose account owner requires it. */
  twoFactorSetup: route('/two-factor-setup'),
  /** A new password for a person whose password is weaker than their account's policy now asks (decision 109). */
  changePassword: route('/change-password'),
  user: {
    dashboard: route('/user/dashboard'),
    sendFax: route('/user/send-fax'),
    /** Broadcasts (decision 111): the list, the form of a new one, and one broadcast's recipients. */
    broadcasts: route('/user/broadcasts'),
    newBroadcast: route('/user/broadcasts/new'),
    broadcast: { path: '/user/broadcasts/:id', getHref: (id: string) => `/user/broadcasts/${encodeURIComponent(id)}` },
    /** The account's address book. */
    contacts: route('/user/contacts'),
    faxHistory: {
      path: '/user/fax-history',
      /** `fax` opens that fax's details over its tab of the history (where a notification leads). */
      getHref: (fax?: { id: string; direction: 'inbound' | 'outbound' }) =>
        fax
          ? `/user/fax-history?${fax.direction === 'inbound' ? 'tab=received&' : ''}fax=${encodeURIComponent(fax.id)}`
          : '/user/fax-history',
    },
    /** The received faxes whose class waits for a member to confirm it (decision 102). */
    faxReview: route('/user/fax-review'),
    /** A shared inbox's received faxes (decision 103): `inbox` (an id, or `none`), `folder`. */
    inbox: {
      path: '/user/inbox',
      getHref: (inbox: string, folder?: 'inbox' | 'archive' | 'junk') =>
        `/user/inbox?${new URLSearchParams({ inbox, ...(folder && folder !== 'inbox' ? { folder } : {}) }).toString()}`,
    },
    /** The account's shared inboxes, their members and numbers: owner and sub-admins. */
    inboxes: route('/user/inboxes'),
    /** The account's routing rules with their dry run (decision 104): owner and sub-admins. */
    routingRules: route('/user/routing-rules'),
    /** The account's fax numbers: search, add, release, name their inbox and station id (decision 112); the owner. */
    numbers: route('/user/numbers'),
    profile: route('/user/profile'),
    addUser: route('/user/add-user'),
    settings: route('/user/settings'),
    /** The person's signed-in devices; the account's password policy and its members' devices (decision 109). */
    security: route('/user/security'),
    /** The account's audit trail: owner and sub-admins (decision 109). */
    auditTrail: route('/user/audit-trail'),
    /** The account's keys for the public API: owner and sub-admins. */
    apiKeys: route('/user/api-keys'),
    /** An app or AI agent asking for access (OAuth, decision 130): the signed-in person approves or denies it. */
    connectApp: { path: '/user/connect/:uid', getHref: (uid: string) => `/user/connect/${encodeURIComponent(uid)}` },
    /** Faxes sent by AI agents waiting for approval, and those decided: members who may send. */
    agentFaxes: route('/user/agent-faxes'),
    /** The account's webhook endpoints: owner and sub-admins. */
    webhooks: route('/user/webhooks'),
    /** Faxing by e-mail: who may send for the account and how strictly: owner and sub-admins. */
    emailToFax: route('/user/email-to-fax'),
    /** The account's requests to port numbers in, and a new one: the owner (decision 113). */
    porting: route('/user/porting'),
    /** The account's plan, payment and invoices: the owner and the Billing role. */
    billing: {
      path: '/user/billing',
      /** `plan` (a slug) and `interval`: the plan a visitor chose on /pricing or /fax-plans, offered there to pay for. */
      getHref: (chosen?: { plan: string; interval: 'month' | 'year' }) =>
        chosen ? `/user/billing?${new URLSearchParams({ plan: chosen.plan, interval: chosen.interval }).toString()}` : '/user/billing',
    },
    /** The person's support tickets (decision 114); `ticket` opens that ticket (where a reply's e-mail leads). */
    support: {
      path: '/user/support',
      getHref: (ticket?: string) => (ticket ? `/user/support?ticket=${encodeURIComponent(ticket)}` : '/user/support'),
    },
  },
  admin: {
    login: {
      path: '/admin/login',
      getHref: (redirectTo?: string) => (redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/admin/login'),
    },
    dashboard: route('/admin/dashboard'),
    users: {
      path: '/admin/users',
      /** `search` lists the people it matches (name or e-mail). */
      getHref: (search?: string) => (search ? `/admin/users?search=${encodeURIComponent(search)}` : '/admin/users'),
    },
    plans: route('/admin/plans'),
    promotions: route('/admin/promotions'),
    numbers: route('/admin/numbers'),
    /** The queue of porting requests to work (decision 113). */
    porting: route('/admin/porting'),
    analytics: route('/admin/analytics'),
    supportTickets: {
      path: '/admin/support-tickets',
      /** `ticket` opens that ticket. */
      getHref: (ticket?: string) => (ticket ? `/admin/support-tickets?ticket=${encodeURIComponent(ticket)}` : '/admin/support-tickets'),
    },
    content: route('/admin/content'),
    settings: route('/admin/settings'),
    auditLog: route('/admin/audit-log'),
    /** Maintenance, incident and terms notices to customers, and the record of who was sent what (decision 118). */
    announcements: route('/admin/announcements'),
    /** The line settings learned per destination, looked up by number and reset (decision 120). */
    lineProfiles: route('/admin/line-profiles'),
  },
} as const;

/** Where an error code of the public API is explained: its row on /api-documentation (every /v1 error's `doc_url`). */
export const apiErrorDocPath = (code: string) => `${webPaths.apiDocumentation.path}#${code}`;
