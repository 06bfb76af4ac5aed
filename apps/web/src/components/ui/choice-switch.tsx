import { useId, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

type TChoiceSwitchProps<T extends string> = {
  legend: ReactNode;
  options: readonly { value: T; label: ReactNode; badge?: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  /** Centred above a catalogue (/pricing), or at the start of a section. */
  align?: 'center' | 'start';
};

/**
 * A few choices (Monthly / Yearly) as a group of radio buttons that looks like a switch: Tab reaches the group, the
 * arrow keys change the choice, and screen readers say which one is chosen.
 */
export function ChoiceSwitch<T extends string>({ legend, options, value, onChange, align = 'center' }: TChoiceSwitchProps<T>) {
  const name = useId();

  return (
    <fieldset className={cn('flex flex-col gap-2', align === 'center' ? 'items-center' : 'items-start')}>
      <legend className={cn('mb-2 w-full text-sm font-medium', align === 'center' && 'text-center')}>{legend}</legend>
      <div className="inline-flex rounded-full border border-input bg-muted p-1">
        {options.map((option) => (
          <label key={option.value} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span className="flex min-h-10 items-center gap-2 rounded-full px-4 py-2 text-sm font-medium transition-colors peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2">
              {option.label}
              {option.badge}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
