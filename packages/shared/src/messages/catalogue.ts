// Constants only: this module is in the web app's first load, which must not pull in the zod contracts.
import { MAX_ATTACHMENTS, NUMBER_PROVIDER_MAX_LENGTH, PASSWORD_MIN_LENGTH, PLAN_MAX_FEATURES, type TLanguage } from '../constants';
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
  planMaxFeatures: PLAN_MAX_FEATURES,
  numberProviderMaxLength: NUMBER_PROVIDER_MAX_LENGTH,
} as const;
