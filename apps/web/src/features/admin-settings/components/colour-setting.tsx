import { useTranslation } from 'react-i18next';

import { Input } from '@/components/ui/input';

import type { TSettingsForm } from '../hooks/use-settings-form';

import { FieldFrame } from './field-frame';

type TColourSettingName = 'primaryColor' | 'secondaryColor';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as the browser's colour picker and as its #RRGGBB text, kept in step: the picker sets the text, and the
 * text moves the picker once it is a whole colour. The text is what is checked and saved.
 */
export function ColourSetting({ form, name }: { form: TSettingsForm; name: TColourSettingName }) {
  const { t } = useTranslation('admin-settings');
  const id = `setting-${name}`;
  const text = form.draft[name];
  // The picker only takes #rrggbb; while the text is half typed it keeps showing the stored colour.
  const pickerValue = (HEX_COLOUR.test(text) ? text : form.stored.values[name]).toLowerCase();
  return (
    <FieldFrame id={id} label={t(`fields.${name}.label`)} description={t(`fields.${name}.description`)} error={form.errorOf(name)}>
      {(aria) => (
        <div className="flex items-center gap-3">
          <input
            type="color"
            value={pickerValue}
            onChange={(event) => form.setValue(name, event.target.value.toUpperCase())}
            aria-label={t(`fields.${name}.picker`)}
            className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          />
          <Input
            id={id}
            name={name}
            ref={form.register(name)}
            value={text}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            className="max-w-36 font-mono"
            onChange={(event) => form.setValue(name, event.target.value.trim())}
            {...aria}
          />
        </div>
      )}
    </FieldFrame>
  );
}
