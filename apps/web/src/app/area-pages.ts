/**
 * The pages of the user area and the back office, each a chunk of its own, named here rather than in router.tsx: the
 * landing bundle then carries one import of this table instead of one per page with the list of every chunk each page
 * needs (a landing page's visitor never opens these; the table arrives with a signed-in person's first page).
 */
export const userAreaPages = {
  security: () => import('./routes/user/security'),
  auditTrail: () => import('./routes/user/audit-trail'),
  dashboard: () => import('./routes/user/dashboard'),
  profile: () => import('./routes/user/profile'),
  sendFax: () => import('./routes/user/send-fax'),
  faxHistory: () => import('./routes/user/fax-history'),
  faxReview: () => import('./routes/user/fax-review'),
  inbox: () => import('./routes/user/inbox'),
  contacts: () => import('./routes/user/contacts'),
  broadcasts: () => import('./routes/user/broadcasts'),
  newBroadcast: () => import('./routes/user/new-broadcast'),
  broadcast: () => import('./routes/user/broadcast'),
  settings: () => import('./routes/user/settings'),
  addUser: () => import('./routes/user/add-user'),
  apiKeys: () => import('./routes/user/api-keys'),
  connectApp: () => import('./routes/user/connect-app'),
  agentFaxes: () => import('./routes/user/agent-faxes'),
  webhooks: () => import('./routes/user/webhooks'),
  inboxes: () => import('./routes/user/inboxes'),
  numbers: () => import('./routes/user/numbers'),
  routingRules: () => import('./routes/user/routing-rules'),
  emailToFax: () => import('./routes/user/email-to-fax'),
  porting: () => import('./routes/user/porting'),
  billing: () => import('./routes/user/billing'),
  support: () => import('./routes/user/support'),
};

export const adminAreaPages = {
  dashboard: () => import('./routes/admin/dashboard'),
  users: () => import('./routes/admin/users'),
  plans: () => import('./routes/admin/plans'),
  promotions: () => import('./routes/admin/promotions'),
  numbers: () => import('./routes/admin/numbers'),
  porting: () => import('./routes/admin/porting'),
  analytics: () => import('./routes/admin/analytics'),
  supportTickets: () => import('./routes/admin/support-tickets'),
  content: () => import('./routes/admin/content'),
  settings: () => import('./routes/admin/settings'),
  auditLog: () => import('./routes/admin/audit-log'),
  announcements: () => import('./routes/admin/announcements'),
  lineProfiles: () => import('./routes/admin/line-profiles'),
};
