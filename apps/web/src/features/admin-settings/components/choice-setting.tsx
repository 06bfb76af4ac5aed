import { NativeSelect } from '@/components/ui/native-select';

import type { TSettingsForm } from '../hooks/use-settings-form';
import type { TSettingsDraft } from '../utils/settings-form';

import { FieldFrame, useSettingFrame } from './field-frame';

/** Settings chosen from a fixed list (the shared contract's enums). */
export type TChoiceSettingName = 'defaultFaxResolution' | 'require2FA' | 'pgpEnabled' | 'automaticBackups';

type TChoiceSettingProps<N extends TChoiceSettingName> = {
  form: TSettingsForm;
  name: N;
  options: readonly { value: TSettingsDraft[N]; label: string }[];
  className?: string;
};

/** One value out of a few: the browser's own select, which keyboards, screen readers and phones handle natively. */
export function ChoiceSetting<N extends TChoiceSettingName>({ form, name, options, className }: TChoiceSettingProps<N>) {
  const frame = useSettingFrame(form, name);
  const { id, planned } = frame;
  return (
    <FieldFrame {...frame} className={className}>
      {(aria) => (
        <NativeSelect
          id={id}
          name={name}
          ref={form.register(name)}
          value={form.draft[name]}
          disabled={planned}
          onChange={(event) => form.setValue(name, event.target.value as TSettingsDraft[N])}
          {...aria}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FieldFrame>
  );
}
