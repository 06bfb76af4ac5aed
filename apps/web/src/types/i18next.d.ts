import type { TMessages } from '@faxline/shared';

import type { defaultNS, resources } from '@/lib/i18n';
import type enAccountNumbers from '@/locales/en/account-numbers.json';
import type enAdmin from '@/locales/en/admin.json';
import type enAdminCatalogue from '@/locales/en/admin-catalogue.json';
import type enAdminInsights from '@/locales/en/admin-insights.json';
import type enAdminPromotions from '@/locales/en/admin-promotions.json';
import type enAdminAnnouncements from '@/locales/en/admin-announcements.json';
import type enAdminLineProfiles from '@/locales/en/admin-line-profiles.json';
import type enAnnouncements from '@/locales/en/announcements.json';
import type enAdminPublishing from '@/locales/en/admin-publishing.json';
import type enAdminSettings from '@/locales/en/admin-settings.json';
import type enAdminSupport from '@/locales/en/admin-support.json';
import type enApiKeys from '@/locales/en/api-keys.json';
import type enAuth from '@/locales/en/auth.json';
import type enBlog from '@/locales/en/blog.json';
import type enBilling from '@/locales/en/billing.json';
import type enBroadcasts from '@/locales/en/broadcasts.json';
import type enBlocklist from '@/locales/en/blocklist.json';
import type enContacts from '@/locales/en/contacts.json';
import type enDevelopers from '@/locales/en/developers.json';
import type enEmailToFax from '@/locales/en/email-to-fax.json';
import type enFaxIdentity from '@/locales/en/fax-identity.json';
import type enFaxes from '@/locales/en/faxes.json';
import type enFhir from '@/locales/en/fhir.json';
import type enDataExport from '@/locales/en/data-export.json';
import type enDeliveryRecord from '@/locales/en/delivery-record.json';
import type enHelp from '@/locales/en/help.json';
import type enInboxes from '@/locales/en/inboxes.json';
import type enLegal from '@/locales/en/legal.json';
import type enMarketing from '@/locales/en/marketing.json';
import type enMembers from '@/locales/en/members.json';
import type enNotifications from '@/locales/en/notifications.json';
import type enPlanFeatures from '@/locales/en/plan-features.json';
import type enPorting from '@/locales/en/porting.json';
import type enReceipts from '@/locales/en/receipts.json';
import type enFaxFailures from '@/locales/en/fax-failures.json';
import type enReviews from '@/locales/en/reviews.json';
import type enRetention from '@/locales/en/retention.json';
import type enRouting from '@/locales/en/routing.json';
import type enScim from '@/locales/en/scim.json';
import type enSessions from '@/locales/en/sessions.json';
import type enSecurity from '@/locales/en/security.json';
import type enSettings from '@/locales/en/settings.json';
import type enSso from '@/locales/en/sso.json';
import type enStationIds from '@/locales/en/station-ids.json';
import type enSupportTickets from '@/locales/en/support-tickets.json';
import type enUser from '@/locales/en/user.json';
import type enWebhooks from '@/locales/en/webhooks.json';

// Typed keys: t('home.heading') compiles, a misspelt key does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    // Bundled namespaces, plus those loaded with the pages that need them (see lazyNamespaces in src/lib/i18n.ts).
    resources: (typeof resources)['en'] & {
      'account-numbers': typeof enAccountNumbers;
      admin: typeof enAdmin;
      'admin-catalogue': typeof enAdminCatalogue;
      'admin-insights': typeof enAdminInsights;
      'admin-promotions': typeof enAdminPromotions;
      'admin-announcements': typeof enAdminAnnouncements;
      'admin-line-profiles': typeof enAdminLineProfiles;
      announcements: typeof enAnnouncements;
      'admin-publishing': typeof enAdminPublishing;
      'admin-settings': typeof enAdminSettings;
      'admin-support': typeof enAdminSupport;
      'api-keys': typeof enApiKeys;
      auth: typeof enAuth;
      blog: typeof enBlog;
      billing: typeof enBilling;
      broadcasts: typeof enBroadcasts;
      blocklist: typeof enBlocklist;
      contacts: typeof enContacts;
      developers: typeof enDevelopers;
      'email-to-fax': typeof enEmailToFax;
      'fax-identity': typeof enFaxIdentity;
      faxes: typeof enFaxes;
      fhir: typeof enFhir;
      'data-export': typeof enDataExport;
      'delivery-record': typeof enDeliveryRecord;
      help: typeof enHelp;
      inboxes: typeof enInboxes;
      legal: typeof enLegal;
      marketing: typeof enMarketing;
      members: typeof enMembers;
      // The shared catalogue of the texts the server shows too (packages/shared/src/messages).
      messages: TMessages;
      notifications: typeof enNotifications;
      'plan-features': typeof enPlanFeatures;
      porting: typeof enPorting;
      receipts: typeof enReceipts;
      'fax-failures': typeof enFaxFailures;
      reviews: typeof enReviews;
      retention: typeof enRetention;
      routing: typeof enRouting;
      scim: typeof enScim;
      sessions: typeof enSessions;
      security: typeof enSecurity;
      settings: typeof enSettings;
      sso: typeof enSso;
      'station-ids': typeof enStationIds;
      'support-tickets': typeof enSupportTickets;
      user: typeof enUser;
      webhooks: typeof enWebhooks;
    };
  }
}
