import type { TGivenRole, TLanguage } from '@faxline/shared';
import { translator } from '../platform/i18n/i18n';
import { renderEmail } from './render-email';
import type { TEmail } from './send-email-job';

type Invitation = { to: string; language: TLanguage; name: string; inviter: string; accountName: string; role: TGivenRole };

/** The invitation to a new address: who asks, for which account and role, the username, and the link that accepts. */
export function renderMemberInvitationEmail(input: Invitation & { username: string; url: string; days: number }): TEmail {
  const { t, words } = invitationWords(input);
  return {
    to: input.to,
    ...renderEmail({
      language: input.language,
      subject: t('memberInvitation.email.subject', words),
      greeting: t('emails.greeting', { name: input.name }),
      paragraphs: [t('memberInvitation.email.body', words), t('memberInvitation.email.username', { username: input.username })],
      action: { label: t('memberInvitation.email.action'), url: input.url },
      notes: [t('memberInvitation.email.expiry', { days: input.days }), t('memberInvitation.email.ignore')],
      signature: t('emails.signature'),
    }),
  };
}

/**
 * What the owner of an address that already has a Faxline account receives instead: who wanted to add them, and that
 * nothing changed, since a login belongs to one account. No link: there is nothing to accept.
 */
export function renderMemberInvitationRegisteredEmail(input: Invitation): TEmail {
  const { t, words } = invitationWords(input);
  return {
    to: input.to,
    ...renderEmail({
      language: input.language,
      subject: t('memberInvitation.registered.subject', words),
      greeting: t('emails.greeting', { name: input.name }),
      paragraphs: [t('memberInvitation.registered.body', words), t('memberInvitation.registered.nothingChanged')],
      notes: [t('memberInvitation.registered.next')],
      signature: t('emails.signature'),
    }),
  };
}

/** Who asks, for which account and in which role, in the invited person's language: both e-mails name them. */
function invitationWords(input: Invitation) {
  const t = translator(input.language);
  return { t, words: { inviter: input.inviter, account: input.accountName, role: t(`memberInvitation.roles.${input.role}`) } };
}
