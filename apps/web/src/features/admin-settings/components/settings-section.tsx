import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { sectionId, type TSettingsSectionKey } from '../utils/sections';

/**
 * One section of the hub, a region named by its h2 that the table of contents links to. scroll-mt keeps its heading
 * clear of the back office's sticky header (64 px) when a link scrolls to it.
 */
export function SettingsSection({ section, children }: { section: TSettingsSectionKey; children: ReactNode }) {
  const { t } = useTranslation('admin-settings');
  const id = sectionId(section);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="flex scroll-mt-20 flex-col gap-6 rounded-lg border bg-background p-4 shadow-sm outline-hidden focus-visible:ring-2 focus-visible:ring-ring sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {t(`sections.${section}.title`)}
        </h2>
        <p className="text-sm text-muted-foreground">{t(`sections.${section}.description`)}</p>
      </div>
      {children}
    </section>
  );
}

/** Fields side by side from small screens up. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 sm:grid-cols-2">{children}</div>;
}
