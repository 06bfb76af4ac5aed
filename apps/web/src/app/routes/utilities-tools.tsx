import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { CheckIcon, FileTextIcon, MonitorIcon, ScanIcon, SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

// Spec 000 §2: four tools; all but the scanner apps are coming soon.
const TOOLS = [
  { key: 'coverSheet', icon: FileTextIcon, available: false },
  { key: 'scanner', icon: ScanIcon, available: true },
  { key: 'lookup', icon: SearchIcon, available: false },
  { key: 'desktop', icon: MonitorIcon, available: false },
] as const;

// Third-party apps, named as their makers name them.
const SCANNER_APPS = ['adobeScan', 'appleNotes', 'googleDrive', 'oneDrive', 'geniusScan'] as const;
const TIPS = ['contrast', 'light', 'onePdf', 'check'] as const;
// What the installed app does (decision 132) and how each platform installs it.
const APP_FEATURES = ['scan', 'share', 'offline', 'update'] as const;
const INSTALL_WAYS = ['android', 'ios'] as const;
const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/** A list of points, each with a check mark. */
function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <CheckIcon className="mt-0.5 text-primary" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** /utilities-tools (spec 000 §2): the four tool cards, #mobile-app (the installed app, decision 132) and #scanner-apps-info. */
export default function UtilitiesToolsRoute() {
  const { t } = useTranslation('help');
  useDocumentMeta({ title: t('utilities.meta.title'), description: t('utilities.meta.description') });
  useScrollToHash();

  return (
    <>
      <PageHeader title={t('utilities.heading')} intro={t('utilities.intro')} />

      <PageSection id="tools" title={t('utilities.toolsHeading')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TOOLS.map(({ key, icon: Icon, available }) => (
            <li key={key}>
              <Card className="h-full gap-3">
                <div className="flex items-start justify-between gap-2">
                  <span className="grid size-10 place-items-center rounded-full bg-accent text-accent-foreground">
                    <Icon />
                  </span>
                  {available ? (
                    <Badge variant="success">{t('utilities.available')}</Badge>
                  ) : (
                    <Badge variant="muted">{t('utilities.comingSoon')}</Badge>
                  )}
                </div>
                <h3 className="text-lg font-semibold">{t(`utilities.tools.${key}.title`)}</h3>
                <p className="flex-1 text-muted-foreground">{t(`utilities.tools.${key}.body`)}</p>
                {key === 'scanner' ? (
                  <ul className="flex flex-col gap-1">
                    <li>
                      <Link to={paths.user.sendFax.getHref()} className={linkClass}>
                        {t('utilities.tools.scanner.sendLink')}
                      </Link>
                    </li>
                    <li>
                      <Link to="#mobile-app" className={linkClass}>
                        {t('utilities.tools.scanner.appLink')}
                      </Link>
                    </li>
                    <li>
                      <Link to="#scanner-apps-info" className={linkClass}>
                        {t('utilities.tools.scanner.link')}
                      </Link>
                    </li>
                  </ul>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="mobile-app" title={t('utilities.app.heading')} intro={t('utilities.app.intro')}>
        <CheckList items={APP_FEATURES.map((key) => t(`utilities.app.features.${key}`))} />
        <div className="flex flex-col gap-3">
          <h3 className="text-xl font-semibold">{t('utilities.app.installHeading')}</h3>
          <ul className="flex list-disc flex-col gap-2 pl-5">
            {INSTALL_WAYS.map((key) => (
              <li key={key}>{t(`utilities.app.install.${key}`)}</li>
            ))}
          </ul>
          <p>
            <Link to={paths.user.sendFax.getHref()} className={linkClass}>
              {t('utilities.app.start')}
            </Link>
          </p>
        </div>
      </PageSection>

      <PageSection id="scanner-apps-info" title={t('utilities.scanners.heading')} intro={t('utilities.scanners.intro')} tinted>
        <ul className="grid gap-4 md:grid-cols-2">
          {SCANNER_APPS.map((key) => (
            <li key={key} className="flex flex-col gap-2 rounded-lg border bg-background p-5">
              <h3 className="text-lg font-semibold" translate="no">
                {t(`utilities.scanners.apps.${key}.name`)}
              </h3>
              <p className="text-sm text-muted-foreground">
                {t('utilities.scanners.platforms')} {t(`utilities.scanners.apps.${key}.platforms`)}
              </p>
              <p>{t(`utilities.scanners.apps.${key}.body`)}</p>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-3">
          <h3 className="text-xl font-semibold">{t('utilities.scanners.tipsHeading')}</h3>
          <CheckList items={TIPS.map((key) => t(`utilities.scanners.tips.${key}`))} />
        </div>
      </PageSection>
    </>
  );
}
