import type { ReactNode, Ref } from 'react';

import { Label } from './label';
import { PlannedBadge, PlannedNote } from './planned-badge';

type TSettingSwitchProps = {
  id: string;
  /** The input's name, for a form that reads it by name. */
  name?: string;
  /** The input itself, for a form that moves focus to it. */
  inputRef?: Ref<HTMLInputElement>;
  label: ReactNode;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** No effect yet (decision 039): disabled, marked "Planned", with a note. */
  planned?: boolean;
};

/**
 * An on/off setting: a native checkbox with the switch role (announced as "switch, on/off"; Space toggles it, the
 * label toggles it too), drawn as a track and thumb. The checkbox itself is transparent and covers the track, so a
 * click on the drawing is a click on it.
 */
export function SettingSwitch({
  id,
  name,
  inputRef,
  label,
  description,
  checked,
  onChange,
  disabled,
  planned = false,
}: TSettingSwitchProps) {
  const descriptionId = `${id}-description`;
  const plannedId = `${id}-planned`;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={id} className="leading-snug">
            {label}
          </Label>
          {planned ? <PlannedBadge /> : null}
        </div>
        {planned ? <PlannedNote id={plannedId} /> : null}
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          name={name}
          ref={inputRef}
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled || planned}
          aria-describedby={planned ? `${plannedId} ${descriptionId}` : descriptionId}
          className="peer absolute inset-0 m-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none h-6 w-11 rounded-full bg-input transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:opacity-50"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-background shadow-sm transition-transform peer-checked:translate-x-5 motion-reduce:transition-none"
        />
      </span>
    </div>
  );
}
