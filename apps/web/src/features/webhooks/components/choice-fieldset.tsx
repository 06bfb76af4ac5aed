import { useId } from 'react';

type TChoiceFieldsetProps<T extends string> = {
  legend: string;
  hint: string;
  name: string;
  choices: readonly T[];
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
  /** Each choice's label and description. */
  textsOf: (choice: T) => { label: string; description: string };
};

/** One choice among a few, each a radio button with its label and a line that says what it means. */
export function ChoiceFieldset<T extends string>({
  legend,
  hint,
  name,
  choices,
  value,
  onChange,
  disabled,
  textsOf,
}: TChoiceFieldsetProps<T>) {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${id}-hint`}>
      <legend className="mb-1 text-sm leading-none font-medium">{legend}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => {
          const inputId = `${id}-${choice}`;
          const texts = textsOf(choice);
          return (
            <div key={choice} className="flex items-start gap-3 rounded-md border p-3">
              <input
                id={inputId}
                type="radio"
                name={name}
                value={choice}
                checked={value === choice}
                onChange={() => onChange(choice)}
                disabled={disabled}
                aria-describedby={`${inputId}-description`}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={inputId} className="text-sm leading-tight font-semibold">
                  {texts.label}
                </label>
                <p id={`${inputId}-description`} className="text-sm text-muted-foreground">
                  {texts.description}
                </p>
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
