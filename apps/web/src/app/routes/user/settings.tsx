import { useTranslation } from 'react-i18next';

import { AgentSettingsSection } from '@/features/agents/components/agent-settings-section';
import { BlocklistSection } from '@/features/blocklist/components/blocklist-section';
import { DataExportSection } from '@/features/data-export/components/data-export-section';
import { FaxIdentitySection } from '@/features/fax-identity/components/fax-identity-section';
import { PushSection } from '@/features/push/components/push-section';
import { ScimSection } from '@/features/scim/components/scim-section';
import { useSettings } from '@/lib/account/get-settings';
import { AccountDeletion } from '@/features/settings/components/account-deletion';
import {
  ADVANCED_SECURITY_ALIASES,
  ADVANCED_SECURITY_ID,
  AdvancedSecurityCard,
} from '@/features/settings/components/advanced-security-card';
import { FaxEmailSection } from '@/features/settings/components/fax-email-section';
import { FaxTextSection } from '@/features/settings/components/fax-text-section';
import { FhirSection } from '@/features/settings/components/fhir-section';
import { RetentionSection } from '@/features/retention/components/retention-section';
import { SsoSection } from '@/features/sso/components/sso-section';
import { SettingsPreferences } from '@/features/settings/components/settings-preferences';
import { useScrollToCard } from '@/features/settings/hooks/use-scroll-to-card';
import { TwoFactorManager } from '@/features/two-factor/components/two-factor-manager';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /user/settings (spec 001 §2.5): notifications and default fax quality (saved on the server), push notifications on
 * this device (issue 42), Advanced Security with
 * two-factor sign-in, the account's fax header and station ids, how its received faxes are e-mailed, whether the words
 * of its faxes are read for search, its EHR (FHIR) connection, its single sign-on and provisioning by SCIM (owner), how
 * long its faxes keep their content and its legal holds (decision 108), its blocked numbers (owner and sub-admins), the
 * account's data export (owner), and deleting the account.
 */
export default function SettingsRoute() {
  // 'plan-features' with the page's own texts: loaded later, by the fax e-mail section on a plan without fax to e-mail,
  // it would suspend the whole page again and take the focus from the card a #hash brought into view.
  const { t } = useTranslation(['settings', 'plan-features']);
  useDocumentTitle(t('title'));
  const { user } = useAuth();
  // The preferences above the card change its place as they arrive: scroll once they have.
  const ready = !useSettings().isPending;
  useScrollToCard(ADVANCED_SECURITY_ID, ADVANCED_SECURITY_ALIASES, ready);

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('intro')}</p>
      </div>
      {/* Keyed by person: a different sign-in starts from that person's settings. */}
      <SettingsPreferences key={user?.id} />
      <PushSection />
      <AdvancedSecurityCard twoFactor={<TwoFactorManager />} />
      <SsoSection />
      <FaxIdentitySection />
      <FaxEmailSection />
      <FaxTextSection />
      <FhirSection />
      <AgentSettingsSection />
      <ScimSection />
      <RetentionSection />
      <BlocklistSection />
      <DataExportSection />
      <AccountDeletion />
    </section>
  );
}
