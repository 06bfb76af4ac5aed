import { roleMay, type TRetentionSettings } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { useRetentionSettings } from '@/lib/retention/get-retention-settings';
import { useDateFormat } from '@/lib/use-date-format';

import { InboxRetention } from './inbox-retention';
import { LegalHolds } from './legal-holds';
import { RetentionPolicyForm } from './retention-policy-form';
import { RetentionPrompt } from './retention-prompt';
import { RETENTION_ID } from '../utils/anchor';

/**
 * Retention and legal hold (decision 108), for those who manage them: the owner and sub-admins. The period and
 * zero-footprint mode, the next run and what it would clear, each shared inbox's own period, and the legal holds.
 */
export function RetentionSection() {
  const { t } = useTranslation('retention');
  const account = useAccountSummary();
  if (!account.data || !roleMay(account.data.role, 'manageRetention')) return null;
  return (
    <section
      id={RETENTION_ID}
      aria-labelledby="retention-heading"
      className="flex min-w-0 scroll-mt-24 flex-col gap-6 rounded-lg border p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="retention-heading" className="text-xl font-semibold">
          {t('section.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('section.description')}</p>
      </div>
      <Retention />
    </section>
  );
}

function Retention() {
  const { t } = useTranslation('retention');
  const settings = useRetentionSettings();
  if (settings.isPending) return <Loading>{t('section.loading')}</Loading>;
  if (settings.isError)
    return (
      <LoadFailed
        title={t('section.loadFailed')}
        error={settings.error}
        retryLabel={t('section.retry')}
        onRetry={() => void settings.refetch()}
      />
    );
  return (
    <>
      <RetentionPrompt settings={settings.data} linked={false} />
      <NextDeletion settings={settings.data} />
      {/* Keyed by what was saved: a save elsewhere (another tab) starts the form from the stored policy. */}
      <RetentionPolicyForm key={`${settings.data.days}-${settings.data.zeroFootprint}`} settings={settings.data} />
      <InboxRetention settings={settings.data} />
      <LegalHolds />
    </>
  );
}

/** What the next daily run will do, as the server counted it. */
function NextDeletion({ settings }: { settings: TRetentionSettings }) {
  const { t } = useTranslation('retention');
  const dates = useDateFormat();
  const lines = [
    settings.accountHeld
      ? t('next.accountHeld')
      : settings.days === null && settings.inboxes.every((inbox) => inbox.days === 'inherit' || inbox.days === null)
        ? t('next.forever')
        : t('next.scheduled', { count: settings.nextRun.faxes, date: dates.dateTime(settings.nextRun.at) }),
    ...(settings.zeroFootprint ? [t('next.zeroFootprint')] : []),
  ];
  return (
    <div role="status" className="flex flex-col gap-1 rounded-md bg-muted p-3 text-sm">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
