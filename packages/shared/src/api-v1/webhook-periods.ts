import { WEBHOOK_DISABLE_AFTER_SECONDS } from '../contracts/webhooks';

/** The disabling period in days, as the reference's descriptions say it. */
export const WEBHOOK_DISABLE_AFTER_DAYS = WEBHOOK_DISABLE_AFTER_SECONDS / (24 * 3600);
