import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useContactDetails } from '@/lib/platform/contact-details';
import { usePlatformStatus } from '@/lib/platform/use-platform-info';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

// Spec 000 §2: ten titled sections, in this order; the ids are their anchors.
const SECTIONS = [
  { id: 'introduction', key: 'introduction' },
  { id: 'information-we-collect', key: 'collected' },
  { id: 'how-we-use-information', key: 'use' },
  { id: 'data-security', key: 'security' },
  { id: 'sharing', key: 'sharing' },
  { id: 'your-data-rights', key: 'rights' },
  { id: 'cookies', key: 'cookies' },
  { id: 'third-party-links', key: 'thirdParty' },
  { id: 'changes', key: 'changes' },
  { id: 'contact-us', key: 'contact' },
] as const;

type TSectionText = {
  title: string;
  intro?: string;
  items?: Record<string, string>;
  never?: string;
  noTracking?: string;
  paragraphs?: Record<string, string>;
};

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/** /privacy-policy (spec 000 §2): the ten sections. */
export default function PrivacyPolicyRoute() {
  const { t } = useTranslation('legal');
  // The back office's privacy address (decision 117); none set, the contact form alone is offered.
  const privacyEmail = useContactDetails()?.privacyEmail ?? '';
  useDocumentMeta({ title: t('privacyPolicy.meta.title'), description: t('privacyPolicy.meta.description') });
  useScrollToHash();
  const texts: Record<(typeof SECTIONS)[number]['key'], TSectionText> = t('privacyPolicy.sections', { returnObjects: true });

  return (
    <>
      <PageHeader title={t('privacyPolicy.heading')} intro={t('privacyPolicy.intro')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-labelledby="privacy-contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="privacy-contents" className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {t('privacyPolicy.contents')}
          </h2>
          <ol className="flex flex-col gap-1 text-sm">
            {SECTIONS.map(({ id, key }) => (
              <li key={id}>
                <Link to={`#${id}`} className="block rounded px-2 py-1.5 hover:bg-accent hover:text-accent-foreground">
                  {texts[key].title}
                </Link>
              </li>
            ))}
          </ol>
        </nav>

        <div className="flex max-w-3xl min-w-0 flex-col gap-10">
          {SECTIONS.map(({ id, key }) => {
            const section = texts[key];
            return (
              <section key={id} id={id} aria-labelledby={`${id}-heading`} className="flex scroll-mt-28 flex-col gap-3 outline-hidden">
                <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
                  {section.title}
                </h2>
                {section.intro ? <p>{section.intro}</p> : null}
                {section.items ? (
                  <ul className="flex list-disc flex-col gap-2 pl-6">
                    {Object.entries(section.items).map(([itemKey, text]) => (
                      <li key={itemKey}>{text}</li>
                    ))}
                  </ul>
                ) : null}
                {section.never ? <p className="font-medium">{section.never}</p> : null}
                {section.noTracking ? <p className="font-medium">{section.noTracking}</p> : null}
                {section.paragraphs
                  ? Object.entries(section.paragraphs).map(([paragraphKey, text]) => <p key={paragraphKey}>{text}</p>)
                  : null}
                {key === 'security' ? <BackupsParagraph /> : null}
                {key === 'contact' ? (
                  <p className="flex flex-wrap gap-x-4 gap-y-2">
                    {privacyEmail ? (
                      <span>
                        {t('privacyPolicy.sections.contact.email')}{' '}
                        <a href={`mailto:${privacyEmail}`} className={linkClass}>
                          {privacyEmail}
                        </a>
                      </span>
                    ) : null}
                    <Link to={paths.contact.getHref()} className={linkClass}>
                      {t('privacyPolicy.sections.contact.form')}
                    </Link>
                  </p>
                ) : null}
              </section>
            );
          })}
        </div>
      </div>
    </>
  );
}

/**
 * What is backed up, how it is protected and for how long (decision 110), from the platform's settings in force: the
 * frequency and retention the back office set, or that no automatic backups are taken.
 */
function BackupsParagraph() {
  const { t } = useTranslation('legal');
  const { data } = usePlatformStatus();
  if (!data) return null;
  const what = t('privacyPolicy.backups.what');
  if (data.automaticBackups === 'disabled' || data.backupRetentionDays === null)
    return <p data-testid="privacy-backups">{`${what} ${t('privacyPolicy.backups.manualOnly')}`}</p>;
  const frequency = t(`privacyPolicy.backups.frequency.${data.automaticBackups}`, { defaultValue: data.automaticBackups });
  return (
    <p data-testid="privacy-backups">{`${what} ${t('privacyPolicy.backups.kept', { frequency, count: data.backupRetentionDays })}`}</p>
  );
}
