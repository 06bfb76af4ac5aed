import type { TMemberInvitation } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { useDateFormat } from '@/lib/use-date-format';

/**
 * The invitations waiting for their addressee (decision 068): a login joins the account when its owner accepts from the
 * e-mail, so it is listed here until then, or until the invitation expires. Nothing is shown when none wait.
 */
export function InvitationsList({ invitations }: { invitations: TMemberInvitation[] }) {
  const { t } = useTranslation('members');
  const dates = useDateFormat();
  if (invitations.length === 0) return null;

  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="invitations-heading" className="text-xl font-semibold">
          {t('invitations.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('invitations.description')}</p>
      </div>
      <ul aria-labelledby="invitations-heading" className="flex flex-col divide-y rounded-lg border">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-col gap-1 p-4 text-sm md:flex-row md:items-center md:justify-between md:gap-4">
            <span className="font-medium break-words" translate="no">
              {invitation.email}
            </span>
            <span className="text-muted-foreground">
              {t('invitations.details', { role: t(`roles.${invitation.role}`), date: dates.date(invitation.expiresAt) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
