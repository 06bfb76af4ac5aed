import { roleMay } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { useAccountSummary } from '@/lib/account/get-account-summary';

import { BlockedNumbers } from './blocked-numbers';

/** The section's anchor, for links that point at it (the server's refusal of a blocked recipient names Settings). */
export const BLOCKLIST_ID = 'blocklist';

/**
 * Blocked Numbers, for those who may keep the account's blocklist: the owner and sub-admins. Others
 * never see it; the server refuses them all the same.
 */
export function BlocklistSection() {
  const { t } = useTranslation('blocklist');
  const account = useAccountSummary();
  if (!account.data || !roleMay(account.data.role, 'manageBlocklist')) return null;
  return (
    <section
      id={BLOCKLIST_ID}
      aria-labelledby="blocklist-heading"
      className="flex min-w-0 scroll-mt-24 flex-col gap-6 rounded-lg border p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="blocklist-heading" className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('description')}</p>
      </div>
      <AboutBlocking />
      <BlockedNumbers />
    </section>
  );
}

function AboutBlocking() {
  const { t } = useTranslation('blocklist');
  return (
    <ul aria-label={t('about.label')} className="flex list-disc flex-col gap-1 rounded-lg bg-accent/40 py-3 pr-4 pl-8 text-sm">
      <li>{t('about.calls')}</li>
      <li>{t('about.faxes')}</li>
      <li>{t('about.prefix')}</li>
    </ul>
  );
}
