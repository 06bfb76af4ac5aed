import { useTranslation } from 'react-i18next';

import type { TSettingsForm } from '../hooks/use-settings-form';

import { SecretSetting } from './secret-setting';
import { FieldGrid, SettingsSection } from './settings-section';
import { TextSetting } from './text-setting';
import { WarningNote } from './warning-note';

/**
 * Stripe (its secret key and webhook signing secret, decision 085; the publishable key and price IDs, still planned)
 * and PayPal (client ID, secret, webhook ID, decision 095). Saved, the keys take payments at once; while the server's
 * environment sets a provider's keys, it is in force and that provider's fields can only be read.
 */
export function PaymentSection({ form }: { form: TSettingsForm }) {
  const { t } = useTranslation('admin-settings');
  const locked = form.stored.stripeFromEnvironment;
  const paypalLocked = form.stored.paypalFromEnvironment;
  return (
    <SettingsSection section="payment">
      <WarningNote>{locked ? t('payment.fromEnvironment') : null}</WarningNote>
      <FieldGrid>
        <SecretSetting form={form} name="stripeSecretKey" locked={locked} />
        <SecretSetting form={form} name="stripeWebhookSecret" locked={locked} />
      </FieldGrid>
      <p className="text-sm text-muted-foreground">
        {t('payment.webhook')} <code className="break-all">{`${window.location.origin}/api/billing/stripe/webhook`}</code>
      </p>
      <FieldGrid>
        <TextSetting form={form} name="stripePublishableKey" maxLength={200} autoComplete="off" spellCheck={false} />
        <TextSetting form={form} name="stripeDefaultPriceId" maxLength={200} autoComplete="off" spellCheck={false} />
      </FieldGrid>
      <TextSetting
        form={form}
        name="stripeAdditionalPriceIds"
        multiline
        monospace
        maxLength={10_000}
        spellCheck={false}
        placeholder='[{"label": "Pro yearly", "id": "price_1234"}]'
      />
      <WarningNote>{paypalLocked ? t('payment.paypalFromEnvironment') : null}</WarningNote>
      <TextSetting form={form} name="paypalClientId" locked={paypalLocked} maxLength={200} autoComplete="off" spellCheck={false} />
      <FieldGrid>
        <SecretSetting form={form} name="paypalClientSecret" locked={paypalLocked} />
        <SecretSetting form={form} name="paypalWebhookId" locked={paypalLocked} />
      </FieldGrid>
      <p className="text-sm text-muted-foreground">
        {t('payment.paypalWebhook')} <code className="break-all">{`${window.location.origin}/api/billing/paypal/webhook`}</code>
      </p>
    </SettingsSection>
  );
}
