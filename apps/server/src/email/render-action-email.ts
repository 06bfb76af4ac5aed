import type { TLanguage } from '@faxline/shared';
import { translator } from '../platform/i18n/i18n';
import { renderEmail } from './render-email';
import type { TEmail } from './send-email-job';

/**
 * An e-mail that asks the person to follow one link (confirm an address, reset a password, sign in after someone
 * tried to sign up with their address, sign in once without the password), in their language, with a plain-text part
 * that carries the same link.
 */
export function renderActionEmail(input: {
  to: string;
  language: TLanguage;
  name: string;
  kind: 'confirm' | 'reset' | 'signUpAttempt' | 'signInLink';
  url: string;
}): TEmail {
  const t = translator(input.language);
  const k = `emails.${input.kind}` as const;
  const rendered = renderEmail({
    language: input.language,
    subject: t(`${k}.subject`),
    greeting: t('emails.greeting', { name: input.name }),
    paragraphs: [t(`${k}.body`)],
    action: { label: t(`${k}.action`), url: input.url },
    notes: [t(`${k}.expiry`), t(`${k}.ignore`)],
    signature: t('emails.signature'),
  });
  return { to: input.to, ...rendered };
}
