// Constants only: this module is in the web app's first load, which must not pull in the zod contracts.
import {
  MAX_ATTACHMENTS,
  MAX_CONTACT_COMPANY_LENGTH,
  MAX_CONTACT_IMPORT_BYTES,
  MAX_CONTACT_IMPORT_ROWS,
  MAX_CONTACT_NAME_LENGTH,
  MAX_CONTACT_NOTES_LENGTH,
  MAX_CONTACT_TAG_LENGTH,
  MAX_CONTACT_TAGS,
  MAX_CONTACTS,
  MAX_EMAIL_FAX_SENDERS,
  MAX_NUMBER_EMAIL_RECIPIENTS,
  NUMBER_PROVIDER_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_POLICY_MAX_LENGTH,
  PLAN_MAX_API_REQUESTS_PER_MINUTE,
  PLAN_MAX_FEATURES,
  PLAN_MAX_FAX_NUMBERS,
  PLAN_MAX_USERS,
  PLAN_MIN_API_REQUESTS_PER_MINUTE,
  type TLanguage,
} from '../constants';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

/**
 * The texts the server and the web app both show, written once (decision 029): the server's validation and error
 * messages that a form also shows before sending, the sent-fax notice, the failure reasons. The server loads them
 * beside its own texts under the same keys (a key is an error body's `code`), the web app as its `messages` namespace.
 */
export const MESSAGES = { en, es, fr } satisfies Record<TLanguage, typeof en>;
export type TMessages = typeof en;

/**
 * The limits the texts name ("a maximum of {{maxAttachments}} files"), filled in by both i18n instances; a call that
 * knows a value of its own (the back office's upload size) passes it instead.
 */
export const MESSAGE_DEFAULTS = {
  maxAttachments: MAX_ATTACHMENTS,
  passwordMinLength: PASSWORD_MIN_LENGTH,
  passwordPolicyMaxLength: PASSWORD_POLICY_MAX_LENGTH,
  planMaxFeatures: PLAN_MAX_FEATURES,
  planMinApiRequestsPerMinute: PLAN_MIN_API_REQUESTS_PER_MINUTE,
  planMaxApiRequestsPerMinute: PLAN_MAX_API_REQUESTS_PER_MINUTE,
  planMaxUsers: PLAN_MAX_USERS,
  planMaxFaxNumbers: PLAN_MAX_FAX_NUMBERS,
  numberProviderMaxLength: NUMBER_PROVIDER_MAX_LENGTH,
  contactNameMaxLength: MAX_CONTACT_NAME_LENGTH,
  contactCompanyMaxLength: MAX_CONTACT_COMPANY_LENGTH,
  contactNotesMaxLength: MAX_CONTACT_NOTES_LENGTH,
  contactTagMaxLength: MAX_CONTACT_TAG_LENGTH,
  contactMaxTags: MAX_CONTACT_TAGS,
  maxContacts: MAX_CONTACTS,
  contactImportMaxRows: MAX_CONTACT_IMPORT_ROWS,
  contactImportMaxMegabytes: MAX_CONTACT_IMPORT_BYTES / (1024 * 1024),
  numberEmailRecipientsMax: MAX_NUMBER_EMAIL_RECIPIENTS,
  emailFaxSendersMax: MAX_EMAIL_FAX_SENDERS,
} as const;
