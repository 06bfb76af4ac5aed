import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useContactDetails } from '@/lib/platform/contact-details';

import { FOOTER_COLUMNS, SOCIAL_NETWORKS } from './site-footer-links';

const linkClass = 'rounded-sm text-muted-foreground underline-offset-2 hover:text-foreground hover:underline';

/** The site footer (spec 000 §2): link columns, the office, phone and support hours, social links. */
export function SiteFooter() {
  const { t } = useTranslation();
  // The back office's contact details (decision 117): only those set are shown, never a placeholder.
  const contact = useContactDetails();

  return (
    <footer className="border-t bg-muted text-sm">
      {/* Room at the bottom for the floating chat button. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 pt-10 pb-24">
        <nav aria-label={t('footer.label')}>
          <ul className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-5">
            {FOOTER_COLUMNS.map((column) => (
              <li key={column.key} className="flex flex-col gap-3">
                <h2 className="font-semibold">{t(`footer.columns.${column.key}`)}</h2>
                <ul className="flex flex-col gap-2">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={linkClass}>
                        {t(link.text)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>

        <div className="grid gap-8 border-t pt-8 sm:grid-cols-3">
          <div className="flex flex-col gap-2">
            <Link to={paths.home.getHref()} className="w-fit rounded-sm text-lg font-bold text-primary">
              {t('appName')}
            </Link>
            <p className="text-muted-foreground">{t('footer.tagline')}</p>
          </div>
          {contact?.any ? (
            <div className="flex flex-col gap-2">
              <h2 className="font-semibold">{t('footer.contactHeading')}</h2>
              <address className="flex flex-col gap-1 text-muted-foreground not-italic">
                {contact.offices.map((lines, index) => (
                  <span key={index}>
                    <span className="sr-only">{t('footer.office')}: </span>
                    {lines.join(', ')}
                  </span>
                ))}
                {contact.phone ? (
                  <span>
                    {t('footer.phone')}:{' '}
                    <a href={contact.phone.href} className={linkClass}>
                      {contact.phone.display}
                    </a>
                  </span>
                ) : null}
                {contact.email ? (
                  <a href={`mailto:${contact.email}`} className={`w-fit ${linkClass}`}>
                    {contact.email}
                  </a>
                ) : null}
                {contact.hours ? <span className="whitespace-pre-line">{contact.hours}</span> : null}
              </address>
            </div>
          ) : (
            <div aria-hidden="true" />
          )}
          <div className="flex flex-col gap-2">
            <h2 className="font-semibold">{t('footer.social')}</h2>
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {SOCIAL_NETWORKS.map((network) => (
                <li key={network}>
                  {/* No account yet: a disabled link with its name, rather than a link to nowhere. */}
                  <a role="link" aria-disabled="true" className="text-muted-foreground">
                    {network} <span className="text-xs">({t('footer.socialSoon')})</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <p className="text-muted-foreground">{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
