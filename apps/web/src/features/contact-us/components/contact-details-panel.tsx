import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Card } from '@/components/ui/card';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '@/components/ui/icons';

import { useLanguage } from '@/lib/use-language';

import { CONTACT_DETAILS } from '../contact-details';

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

/** Call, e-mail, office and support hours (spec 000 §1, §2). */
export function ContactDetailsPanel() {
  const { t } = useTranslation('marketing');
  const { language } = useLanguage();
  const { office } = CONTACT_DETAILS;
  const country = new Intl.DisplayNames([language], { type: 'region' }).of(office.country) ?? office.country;
  return (
    <Card className="gap-6 bg-muted">
      <h2 className="text-xl font-bold">{t('contact.details.heading')}</h2>
      <Detail icon={<PhoneIcon />} title={t('contact.details.callTitle')}>
        <a href={CONTACT_DETAILS.phone.href} className={linkClass}>
          {CONTACT_DETAILS.phone.display}
        </a>
        <p className="text-sm text-muted-foreground">{t('contact.details.callNote')}</p>
      </Detail>
      <Detail icon={<MailIcon />} title={t('contact.details.emailTitle')}>
        <p className="text-sm">
          {t('contact.details.supportEmail')}{' '}
          <a href={`mailto:${CONTACT_DETAILS.emails.support}`} className={linkClass}>
            {CONTACT_DETAILS.emails.support}
          </a>
        </p>
        <p className="text-sm">
          {t('contact.details.salesEmail')}{' '}
          <a href={`mailto:${CONTACT_DETAILS.emails.sales}`} className={linkClass}>
            {CONTACT_DETAILS.emails.sales}
          </a>
        </p>
      </Detail>
      <Detail icon={<MapPinIcon />} title={t('contact.details.officeTitle')}>
        <address className="text-sm not-italic">
          {t('contact.details.officeName')}
          <br />
          {office.street}
          <br />
          {office.city}, {office.region} {office.postalCode}
          <br />
          {country}
        </address>
        <p className="text-sm text-muted-foreground">{t('contact.details.officeNote')}</p>
      </Detail>
      <Detail icon={<ClockIcon />} title={t('contact.details.hoursTitle')}>
        <p className="text-sm">{t('contact.details.hours')}</p>
        <p className="text-sm text-muted-foreground">{t('contact.details.replyTime')}</p>
      </Detail>
    </Card>
  );
}
