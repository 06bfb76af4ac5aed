import { CARRIER_SETTINGS, CARRIERS, CARRIER_SECRET_SETTINGS, type TCarrier, type TSecretSetting } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import type { TSettingsForm } from '../hooks/use-settings-form';
import type { TTextSettingName } from './text-setting';

import { SecretSetting } from './secret-setting';
import { FieldGrid, SettingsSection } from './settings-section';
import { TextSetting } from './text-setting';
import { WarningNote } from './warning-note';

const isSecret = (name: string): name is TSecretSetting => (CARRIER_SECRET_SETTINGS as readonly string[]).includes(name);

/**
 * One carrier's settings, under its name, with the address its webhooks must be sent to where its portal asks for one
 * (Telnyx's fax application, SignalWire's numbers bought elsewhere). Sinch gets its callback address, credentials in
 * it, from Faxline with each fax and number: none to type.
 */
function CarrierFields({ form, carrier, locked }: { form: TSettingsForm; carrier: TCarrier; locked: boolean }) {
  const { t } = useTranslation('admin-settings');
  const webhookUrl = carrier === 'sinch' ? null : `${window.location.origin}/api/carriers/${carrier}/webhook`;
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-md border p-4">
      <legend className="px-1 font-semibold">{t(`carriers.${carrier}.name`)}</legend>
      <p className="text-sm text-muted-foreground">
        {t(`carriers.${carrier}.help`)}
        {webhookUrl ? (
          <>
            {' '}
            {t('carriers.webhook')} <code className="break-all">{webhookUrl}</code>
          </>
        ) : null}
      </p>
      <FieldGrid>
        {CARRIER_SETTINGS[carrier].map((name) =>
          isSecret(name) ? (
            <SecretSetting key={name} form={form} name={name} locked={locked} />
          ) : (
            <TextSetting
              key={name}
              form={form}
              name={name as TTextSettingName}
              locked={locked}
              maxLength={name === 'signalwireSpaceUrl' ? 2048 : 200}
              type={name === 'signalwireSpaceUrl' ? 'url' : 'text'}
              autoComplete="off"
              spellCheck={false}
              monospace={name === 'telnyxPublicKey'}
            />
          ),
        )}
      </FieldGrid>
    </fieldset>
  );
}

/**
 * The fax carriers (decision 058): each one's account and keys, and which carrier takes which numbers.
 * Saved, they take effect at once; while the server's environment configures the carriers, it is in force and these
 * can only be read.
 */
export function CarriersSection({ form }: { form: TSettingsForm }) {
  const { t } = useTranslation('admin-settings');
  const locked = form.stored.carriersFromEnvironment;
  return (
    <SettingsSection section="carriers">
      <WarningNote>{locked ? t('carriers.fromEnvironment') : null}</WarningNote>
      {CARRIERS.map((carrier) => (
        <CarrierFields key={carrier} form={form} carrier={carrier} locked={locked} />
      ))}
      <TextSetting
        form={form}
        name="carrierRoutes"
        locked={locked}
        multiline
        monospace
        maxLength={2000}
        spellCheck={false}
        placeholder={'+1=telnyx>signalwire\nall=sinch'}
      />
    </SettingsSection>
  );
}
