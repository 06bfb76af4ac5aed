import { isPlannedSystemSetting, type TSecretSetting } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

import type { TSettingsForm } from '../hooks/use-settings-form';

import { FieldFrame } from './field-frame';

/**
 * A credential (API key, PayPal secret, webhook ID): never shown or pre-filled, only whether one is stored and its
 * last four characters. Typing a value replaces it on Save; Remove deletes it on Save; doing neither keeps it.
 */
export function SecretSetting({ form, name, locked = false }: { form: TSettingsForm; name: TSecretSetting; locked?: boolean }) {
  const { t } = useTranslation('admin-settings');
  const [shown, setShown] = useState(false);
  const id = `setting-${name}`;
  const stored = form.stored.secrets[name];
  const edit = form.secretEdits[name];
  const label = t(`fields.${name}.label`);
  // Planned: no effect yet; locked: set elsewhere, as its section says.
  const disabled = isPlannedSystemSetting(name) || locked;
  const planned = isPlannedSystemSetting(name);

  const status = () => {
    if (edit.remove) return t('secret.willRemove');
    if (edit.replacement.trim()) return t('secret.willReplace');
    if (!stored?.set) return t('secret.notSet');
    return stored.last4 ? t('secret.setEndsIn', { last4: stored.last4 }) : t('secret.set');
  };

  return (
    <FieldFrame
      id={id}
      planned={planned}
      label={label}
      status={<span className="font-medium">{status()}</span>}
      description={t(`fields.${name}.description`)}
      error={form.errorOf(name)}
    >
      {(aria) => (
        <div className="flex flex-wrap items-center gap-2">
          <Input
            id={id}
            name={name}
            ref={form.register(name)}
            type={shown ? 'text' : 'password'}
            value={edit.replacement}
            disabled={disabled || edit.remove}
            maxLength={500}
            // Not a sign-in password: keeps browsers from filling in or offering to save one.
            autoComplete="new-password"
            spellCheck={false}
            placeholder={stored?.set ? t('secret.replacePlaceholder') : t('secret.newPlaceholder')}
            className="min-w-48 flex-1 font-mono"
            onChange={(event) => form.editSecret(name, { replacement: event.target.value })}
            {...aria}
          />
          <Button
            type="button"
            variant="outline"
            aria-controls={id}
            disabled={disabled || edit.remove}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? t('secret.hide') : t('secret.show')}
            <span className="sr-only"> {label}</span>
          </Button>
          {stored?.set ? (
            // One button whose words change, so that focus stays on it after a press.
            <Button
              type="button"
              variant="outline"
              disabled={disabled}
              onClick={() => form.editSecret(name, { remove: !edit.remove, replacement: '' })}
            >
              {edit.remove ? t('secret.keep') : t('secret.remove')}
              <span className="sr-only"> {label}</span>
            </Button>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}
