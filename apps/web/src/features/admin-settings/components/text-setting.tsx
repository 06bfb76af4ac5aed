import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

import type { TSettingsForm } from '../hooks/use-settings-form';
import type { TSettingsDraft } from '../utils/settings-form';

import { FieldFrame, useSettingFrame } from './field-frame';

/** Settings typed as free text (numbers included: the draft holds their text). */
export type TTextSettingName = { [K in keyof TSettingsDraft]: string extends TSettingsDraft[K] ? K : never }[keyof TSettingsDraft];

type TTextSettingProps = {
  form: TSettingsForm;
  name: TTextSettingName;
  /** A textarea instead of a one-line input. */
  multiline?: boolean;
  /** For code-like values (JSON), where every character matters. */
  monospace?: boolean;
  /** Shows how many of the maxLength characters are used (a message people write). */
  showCount?: boolean;
  /** Read only: set elsewhere, which the section says (the carriers, when the server's environment configures them). */
  locked?: boolean;
  className?: string;
} & Pick<
  ComponentProps<'input'>,
  'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'min' | 'max' | 'step' | 'placeholder' | 'spellCheck' | 'lang'
>;

/** A text, e-mail, web address or number setting, with its label and help from the admin-settings texts. */
export function TextSetting({
  form,
  name,
  multiline = false,
  monospace = false,
  showCount = false,
  locked = false,
  className,
  maxLength,
  ...inputProps
}: TTextSettingProps) {
  const { t } = useTranslation('admin-settings');
  const frame = useSettingFrame(form, name);
  const { id, planned } = frame;
  const value = form.draft[name];
  const common = {
    id,
    name,
    value,
    maxLength,
    disabled: planned || locked,
    ref: form.register(name),
    className: monospace ? 'font-mono' : undefined,
  };
  return (
    <FieldFrame {...frame} className={className}>
      {(aria) =>
        multiline ? (
          <>
            <Textarea
              {...common}
              {...aria}
              rows={5}
              spellCheck={inputProps.spellCheck}
              placeholder={inputProps.placeholder}
              lang={inputProps.lang}
              onChange={(event) => form.setValue(name, event.target.value)}
            />
            {showCount && maxLength ? (
              <p className="self-end text-xs text-muted-foreground">{t('counter', { count: value.length, max: maxLength })}</p>
            ) : null}
          </>
        ) : (
          <Input {...common} {...aria} {...inputProps} onChange={(event) => form.setValue(name, event.target.value)} />
        )
      }
    </FieldFrame>
  );
}
