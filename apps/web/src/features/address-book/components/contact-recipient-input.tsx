import { useId, useState, type ChangeEvent, type ComponentProps, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

import { useContactSuggestions } from '../api/get-contact-suggestions';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export type TRecipientChoice = { number: string; name: string; stationId: string | null };

type TContactRecipientInputProps = ComponentProps<'input'> & {
  value: string;
  /** A contact was chosen: its number, name and expected station id fill the recipient. */
  onChoose: (choice: TRecipientChoice) => void;
};

/**
 * A recipient field that suggests the address book's contacts matching what is typed (name or number), as an ARIA 1.2
 * combobox: arrows move through the suggestions (aria-activedescendant), Enter or a click chooses, Escape closes.
 */
export function ContactRecipientInput({ value, onChoose, onChange, onKeyDown, onBlur, className, ...props }: TContactRecipientInputProps) {
  const { t } = useTranslation('contacts');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebouncedValue(value.trim());
  const suggestions = useContactSuggestions(term);
  const options = open && term !== '' ? (suggestions.data?.data ?? []) : [];
  const expanded = options.length > 0;
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (index: number) => {
    const contact = options[index];
    if (!contact) return;
    onChoose({ number: contact.fax_number, name: contact.name, stationId: contact.station_id });
    setOpen(false);
    setActive(-1);
  };

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setOpen(true);
    setActive(-1);
    onChange?.(event);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) return setOpen(true);
      const last = options.length - 1;
      setActive((current) => (event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative">
      <Input
        {...props}
        className={className}
        value={value}
        onChange={change}
        onKeyDown={keyDown}
        onBlur={(event) => {
          setOpen(false);
          setActive(-1);
          onBlur?.(event);
        }}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && active < options.length ? optionId(active) : undefined}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('suggestions.label')}
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-md border bg-background p-1 shadow-lg"
      >
        {options.map((contact, index) => (
          <li
            key={contact.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keeps focus in the field, so that the choice does not first blur it and close the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
            className={cn(
              'flex cursor-pointer flex-col rounded-sm px-3 py-2 text-sm',
              index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
            )}
          >
            <span className="font-medium">{contact.name}</span>
            <span translate="no" dir="ltr" className={cn('self-start tabular-nums', index !== active && 'text-muted-foreground')}>
              {contact.fax_number}
              {contact.company ? ` · ${contact.company}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
