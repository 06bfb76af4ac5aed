import { roleMay, type TRetentionSettings } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { useRetentionSettings } from '@/lib/retention/get-retention-settings';

import { RETENTION_ID } from '../utils/anchor';

/**
 * A HIPAA plan's first-use prompt (decision 108): until a retention policy is saved, its owner and sub-admins are asked
 * to choose one, on the dashboard (with a link to the settings' section) and atop that section.
 */
export function RetentionPrompt({ settings, linked }: { settings: TRetentionSettings; linked: boolean }) {
  const { t } = useTranslation('retention');
  if (!settings.mustChoose) return null;
  return (
    <section
      aria-labelledby="retention-prompt-heading"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="retention-prompt-heading" className="font-semibold">
        {t('prompt.title')}
      </h2>
      <p>{t('prompt.body')}</p>
      {linked ? (
        <Link to={`${paths.user.settings.getHref()}#${RETENTION_ID}`} className="self-start font-medium underline underline-offset-4">
          {t('prompt.action')}
        </Link>
      ) : null}
    </section>
  );
}

/** The dashboard's prompt: asked for only by those who may choose (the server refuses everyone else). */
export function DashboardRetentionPrompt() {
  const account = useAccountSummary();
  const mayChoose = account.data ? roleMay(account.data.role, 'manageRetention') : false;
  const settings = useRetentionSettings(mayChoose);
  return settings.data ? <RetentionPrompt settings={settings.data} linked /> : null;
}
