import { WEBHOOK_DISABLE_AFTER_SECONDS, WEBHOOK_SECRET_OVERLAP_SECONDS, WEBHOOK_TIMEOUT_SECONDS } from '@faxline/shared';

/**
 * The periods the texts name, from the shared constants the server acts on: `{{seconds}}` to answer, `{{days}}` of
 * failures, `{{hours}}` of overlap.
 */
export const WEBHOOK_PERIODS = {
  seconds: WEBHOOK_TIMEOUT_SECONDS,
  days: WEBHOOK_DISABLE_AFTER_SECONDS / (24 * 3600),
  hours: WEBHOOK_SECRET_OVERLAP_SECONDS / 3600,
} as const;
