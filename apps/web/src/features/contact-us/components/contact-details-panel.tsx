import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Card } from '@/components/ui/card';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '@/components/ui/icons';

import { useContactDetails } from '@/lib/platform/contact-details';

function Detail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 text-primary">{icon}</span>
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="font-semibold">{title}</h3>
        {children}
      </div>
    </div>
  );
}

const linkClass = 'break-words text-primary underline underline-offset-4 hover:no-underline';

/**
 * Call, e-mail, office and support hours (spec 000 §1, §2), as the back office's settings give them (decision 117):
 * a detail that is not set is left out, and with none set there is no panel.
 */
export function ContactDetailsPanel() {
  const { t } = useTranslation('marketing');
  const contact = useContactDetails();
  if (!contact?.any) return null;
  return (
    <Card className="gap-6 bg-muted" data-contact-details>
      <h2 className="text-xl font-bold">{t('contact.details.heading')}</h2>
      {contact.phone ? (
        <Detail icon={<PhoneIcon />} title={t('contact.details.callTitle')}>
          <a href={contact.phone.href} className={linkClass}>
            {contact.phone.display}
          </a>
          {contact.hours ? <p className="text-sm text-muted-foreground">{t('contact.details.callNote')}</p> : null}
        </Detail>
      ) : null}
      {contact.email || contact.salesEmail ? (
        <Detail icon={<MailIcon />} title={t('contact.details.emailTitle')}>
          {contact.email ? (
            <p className="text-sm">
              {t('contact.details.supportEmail')}{' '}
              <a href={`mailto:${contact.email}`} className={linkClass}>
                {contact.email}
              </a>
            </p>
          ) : null}
          {contact.salesEmail ? (
            <p className="text-sm">
              {t('contact.details.salesEmail')}{' '}
              <a href={`mailto:${contact.salesEmail}`} className={linkClass}>
                {contact.salesEmail}
              </a>
            </p>
          ) : null}
        </Detail>
      ) : null}
      {contact.offices.length > 0 ? (
        <Detail icon={<MapPinIcon />} title={t('contact.details.officeTitle')}>
          {contact.offices.map((lines, index) => (
            <address key={index} className="text-sm whitespace-pre-line not-italic">
              {lines.join('\n')}
            </address>
          ))}
        </Detail>
      ) : null}
      {contact.hours ? (
        <Detail icon={<ClockIcon />} title={t('contact.details.hoursTitle')}>
          <p className="text-sm whitespace-pre-line">{contact.hours}</p>
        </Detail>
      ) : null}
    </Card>
  );
}
