import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { CheckIcon, FileTextIcon, MonitorIcon, ScanIcon, SearchIcon } from '@/components/ui/icons';
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

/** /utilities-tools (spec 000 §2): the four tool cards and #scanner-apps-info. */
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
                  <Link to="#scanner-apps-info" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
                    {t('utilities.tools.scanner.link')}
                  </Link>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
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
          <ul className="flex flex-col gap-2">
            {TIPS.map((key) => (
              <li key={key} className="flex gap-2">
                <CheckIcon className="mt-0.5 text-primary" />
                <span>{t(`utilities.scanners.tips.${key}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </PageSection>
    </>
  );
}
