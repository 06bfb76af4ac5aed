import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { ActivityIcon, HeartIcon, ShieldIcon, UsersIcon, ZapIcon, CodeIcon, LockIcon, GlobeIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

const STORY = ['p1', 'p2', 'p3'] as const;
const VALUES = [
  { key: 'customerFocus', icon: HeartIcon },
  { key: 'integrity', icon: ShieldIcon },
  { key: 'innovation', icon: ZapIcon },
  { key: 'reliability', icon: ActivityIcon },
] as const;
// Spec 000 §2 asks for a placeholder team section: we describe the teams rather than show people who do not exist.
const TEAMS = [
  { key: 'engineering', icon: CodeIcon },
  { key: 'support', icon: UsersIcon },
  { key: 'security', icon: LockIcon },
  { key: 'operations', icon: GlobeIcon },
] as const;

/** /about-us (spec 000 §2): company story, the four core values, the teams. */
export default function AboutUsRoute() {
  const { t } = useTranslation('marketing');
  useDocumentMeta({ title: t('about.meta.title'), description: t('about.meta.description') });
  useScrollToHash();

  return (
    <>
      <PageHeader title={t('about.heading')} intro={t('about.intro')} />

      <PageSection id="our-story" title={t('about.story.heading')}>
        <div className="flex max-w-3xl flex-col gap-4 text-lg">
          {STORY.map((key) => (
            <p key={key}>{t(`about.story.${key}`)}</p>
          ))}
        </div>
      </PageSection>

      <PageSection id="values" title={t('about.values.heading')} intro={t('about.values.intro')} tinted>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ key, icon: Icon }) => (
            <li key={key} className="flex flex-col gap-3 rounded-lg border bg-background p-5 shadow-sm">
              <span className="grid size-10 place-items-center rounded-full bg-accent text-accent-foreground">
                <Icon />
              </span>
              <h3 className="text-lg font-semibold">{t(`about.values.items.${key}.title`)}</h3>
              <p className="text-muted-foreground">{t(`about.values.items.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="team" title={t('about.team.heading')} intro={t('about.team.intro')}>
        <ul className="grid gap-6 sm:grid-cols-2">
          {TEAMS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-4 rounded-lg border p-5">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground">
                <Icon />
              </span>
              <div className="flex flex-col gap-1">
                <h3 className="text-lg font-semibold">{t(`about.team.items.${key}.title`)}</h3>
                <p className="text-muted-foreground">{t(`about.team.items.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection title={t('about.cta.heading')} intro={t('about.cta.body')} tinted>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to={paths.contact.getHref()}>{t('about.cta.contact')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.reviews.getHref()}>{t('about.cta.reviews')}</Link>
          </Button>
        </div>
      </PageSection>
    </>
  );
}
