import { formatPhoneInternational } from '@faxline/shared';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { AddressText } from '@/components/ui/address-text';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';
import { useFaxEmailDomain } from '@/lib/platform/use-platform-info';

import { useUploadLimits } from '../hooks/use-upload-limits';

const EMAIL_STEPS = ['from', 'to', 'attach', 'cover', 'send', 'confirm'] as const;

/** The number the example faxes to: the address carries its E.164 digits without the plus. */
const EXAMPLE_NUMBER = '+14155550123';

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/**
 * /support#how-faxline-works: sending a fax by e-mail step by step, with an example addressed to the
 * server's fax domain, who may send and where that is set; and receiving one.
 */
export function EmailToFaxGuide() {
  const { t } = useTranslation('help');
  const limits = useUploadLimits();
  const domain = useFaxEmailDomain();

  return (
    <PageSection id="how-faxline-works" title={t('support.emailToFax.heading')} intro={t('support.emailToFax.intro')} tinted>
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <h3 className="text-xl font-semibold">{t('support.emailToFax.sendHeading')}</h3>
          <ol className="flex list-decimal flex-col gap-2 pl-6 marker:font-semibold marker:text-accent-foreground">
            {EMAIL_STEPS.map((key) => (
              <li key={key}>{t(`support.emailToFax.steps.${key}`, { ...limits, domain })}</li>
            ))}
          </ol>
          <p>
            <Trans
              t={t}
              i18nKey="support.emailToFax.settings"
              // The page is in the user area: a visitor is asked to sign in first, then lands on it.
              components={{ pageLink: <Link to={paths.user.emailToFax.getHref()} className={linkClass} /> }}
            />
          </p>
        </div>
        <div className="flex flex-col gap-8">
          <EmailExample domain={domain} />
          <div className="flex flex-col gap-3">
            <h3 className="text-xl font-semibold">{t('support.emailToFax.receiveHeading')}</h3>
            <p>{t('support.emailToFax.receive')}</p>
          </div>
        </div>
      </div>
    </PageSection>
  );
}

/** An e-mail that sends a fax, as a mail program shows its header: the address is the server's real one. */
function EmailExample({ domain }: { domain: string }) {
  const { t } = useTranslation('help');
  const address = `${EXAMPLE_NUMBER.slice(1)}@${domain}`;
  const fields = [
    [t('support.emailToFax.example.to'), <AddressText key="to">{address}</AddressText>],
    [t('support.emailToFax.example.subject'), t('support.emailToFax.example.subjectValue')],
    [t('support.emailToFax.example.attached'), <AddressText key="file">{t('support.emailToFax.example.file')}</AddressText>],
  ] as const;

  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="font-semibold">
        {/* The number stays on one line: a phone's width would break it between its groups. */}
        {t('support.emailToFax.example.caption', { number: formatPhoneInternational(EXAMPLE_NUMBER).replaceAll(' ', '\u00a0') })}
      </figcaption>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 overflow-x-auto rounded-lg border bg-background p-4 text-sm">
        {fields.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-muted-foreground">{term}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
