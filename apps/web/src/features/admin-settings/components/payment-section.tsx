import type { TSettingsForm } from '../hooks/use-settings-form';

import { SecretSetting } from './secret-setting';
import { FieldGrid, SettingsSection } from './settings-section';
import { TextSetting } from './text-setting';

/** Stripe (keys and price IDs, the extra prices as JSON) and PayPal (client ID, secret, webhook ID). */
export function PaymentSection({ form }: { form: TSettingsForm }) {
  return (
    <SettingsSection section="payment">
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
      <TextSetting form={form} name="paypalClientId" maxLength={200} autoComplete="off" spellCheck={false} />
      <FieldGrid>
        <SecretSetting form={form} name="paypalClientSecret" />
        <SecretSetting form={form} name="paypalWebhookId" />
      </FieldGrid>
    </SettingsSection>
  );
}
