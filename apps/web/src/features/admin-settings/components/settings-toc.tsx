import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { SETTINGS_SECTIONS } from '../utils/sections';

/**
 * The hub's table of contents. Router links to the section anchors: the page's scroll-to-hash moves scroll and focus
 * there, so the next Tab continues inside the section.
 */
export function SettingsToc() {
  const { t } = useTranslation('admin-settings');
  return (
    <nav aria-labelledby="settings-toc-heading" className="rounded-lg border bg-background p-4 shadow-sm">
      <h2 id="settings-toc-heading" className="mb-2 text-sm font-semibold">
        {t('toc.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-1 md:grid-cols-3 lg:grid-cols-1">
        {SETTINGS_SECTIONS.map(({ id, key }) => (
          <li key={id}>
            <Link
              to={{ hash: id }}
              className="block rounded-md px-2 py-1.5 text-sm text-primary underline-offset-4 outline-hidden hover:bg-accent hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t(`sections.${key}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
