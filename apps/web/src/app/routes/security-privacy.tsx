import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { EyeIcon, HeartIcon, KeyIcon, LockIcon, ShieldIcon, UsersIcon } from '@/components/ui/icons';
import { OnThisPage } from '@/components/ui/on-this-page';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

// Spec 000 §2: nine cards; six of them are anchors (#security-overview, #hipaa-compliance, #phipa-compliance, #sso,
// #2fa, #pgp-encryption). Encryption, access controls and the privacy commitment get ids too, for links.
const CARDS = [
  { id: 'security-overview', key: 'securityOverview', icon: ShieldIcon },
  { id: 'hipaa-compliance', key: 'hipaa', icon: HeartIcon },
  { id: 'phipa-compliance', key: 'phipa', icon: HeartIcon },
  { id: 'encryption', key: 'encryption', icon: LockIcon },
  { id: 'access-controls', key: 'accessControls', icon: UsersIcon },
  { id: 'sso', key: 'sso', icon: KeyIcon },
  { id: '2fa', key: 'twoFactor', icon: KeyIcon },
  { id: 'pgp-encryption', key: 'pgp', icon: LockIcon, planned: true },
  { id: 'privacy-commitment', key: 'privacy', icon: EyeIcon },
] as const;

const SECTIONS = [
  { id: 'accessibility-policy', title: 'securityPrivacy.accessibility.heading' },
  { id: 'terms-of-service', title: 'securityPrivacy.terms.heading' },
  { id: 'regulations', title: 'securityPrivacy.regulations.heading' },
  { id: 'service-level-agreement', title: 'securityPrivacy.sla.heading' },
] as const;

type TTitledItems = Record<string, { title: string; body: string }>;

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

function TitledList({ items }: { items: TTitledItems }) {
  return (
    <dl className="grid gap-x-8 gap-y-6 md:grid-cols-2">
      {Object.entries(items).map(([key, { title, body }]) => (
        <div key={key} className="flex flex-col gap-1">
          <dt className="font-semibold">{title}</dt>
          <dd className="text-muted-foreground">{body}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /security-privacy (spec 000 §2): the nine cards and the accessibility, terms, regulations and SLA sections. */
export default function SecurityPrivacyRoute() {
  const { t } = useTranslation('legal');
  useDocumentMeta({ title: t('securityPrivacy.meta.title'), description: t('securityPrivacy.meta.description') });
  useScrollToHash();
  const terms: TTitledItems = t('securityPrivacy.terms.items', { returnObjects: true });
  const regulations: TTitledItems = t('securityPrivacy.regulations.items', { returnObjects: true });
  const sla: TTitledItems = t('securityPrivacy.sla.items', { returnObjects: true });
  const accessibility: Record<string, string> = t('securityPrivacy.accessibility.points', { returnObjects: true });

  return (
    <>
      <PageHeader title={t('securityPrivacy.heading')} intro={t('securityPrivacy.intro')}>
        <OnThisPage label={t('securityPrivacy.onThisPage')} links={SECTIONS.map(({ id, title }) => ({ id, title: t(title) }))} />
      </PageHeader>

      <PageSection id="protection" title={t('securityPrivacy.cardsHeading')}>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {CARDS.map((card) => {
            const Icon = card.icon;
            return (
              <li
                key={card.id}
                id={card.id}
                className="flex scroll-mt-28 flex-col gap-3 rounded-lg border p-6 shadow-sm outline-hidden focus:ring-2 focus:ring-ring"
              >
                <div className="flex items-start justify-between gap-2">
                  <span className="grid size-10 place-items-center rounded-full bg-accent text-accent-foreground">
                    <Icon />
                  </span>
                  {'planned' in card ? <Badge variant="muted">{t('securityPrivacy.planned')}</Badge> : null}
                </div>
                <h3 className="text-lg font-semibold">{t(`securityPrivacy.cards.${card.key}.title`)}</h3>
                <p className="flex-1 text-muted-foreground">{t(`securityPrivacy.cards.${card.key}.body`)}</p>
                {card.key === 'sso' ? (
                  <Link to={`${paths.user.settings.getHref()}#sso`} className={linkClass}>
                    {t('securityPrivacy.cards.sso.link')}
                  </Link>
                ) : null}
                {card.key === 'privacy' ? (
                  <Link to={paths.privacyPolicy.getHref()} className={linkClass}>
                    {t('securityPrivacy.cards.privacy.link')}
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      </PageSection>

      <PageSection
        id="accessibility-policy"
        title={t('securityPrivacy.accessibility.heading')}
        intro={t('securityPrivacy.accessibility.intro')}
        tinted
      >
        <ul className="flex max-w-3xl list-disc flex-col gap-2 pl-6">
          {Object.entries(accessibility).map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ul>
        <Link to={paths.contact.getHref()} className={`${linkClass} w-fit`}>
          {t('securityPrivacy.accessibility.contact')}
        </Link>
      </PageSection>

      <PageSection id="terms-of-service" title={t('securityPrivacy.terms.heading')} intro={t('securityPrivacy.terms.intro')}>
        <TitledList items={terms} />
      </PageSection>

      <PageSection id="regulations" title={t('securityPrivacy.regulations.heading')} intro={t('securityPrivacy.regulations.intro')} tinted>
        <TitledList items={regulations} />
      </PageSection>

      <PageSection id="service-level-agreement" title={t('securityPrivacy.sla.heading')} intro={t('securityPrivacy.sla.intro')}>
        <TitledList items={sla} />
      </PageSection>
    </>
  );
}
