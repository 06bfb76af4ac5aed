import { useId, type FormEvent, type ReactNode } from 'react';

import { Button } from './button';

/** The texts around a create form's fields, as a feature's `form` texts hold them (`full` with its {{max}} filled in). */
export type TCreateFormTexts = {
  title: string;
  submit: string;
  submitting: string;
  /** Why nothing more can be created: the most the account may hold, and how to make room. */
  full: string;
};

type TCreateFormProps = {
  texts: TCreateFormTexts;
  /** The account holds its most: the note says so and the button stays off (the fields are the caller's to turn off). */
  full: boolean;
  /** Sending: the button says so and stays off. */
  creating: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields. */
  children: ReactNode;
};

/**
 * A form that adds one more to a list the account holds at most so many of (API keys, webhook endpoints): named by its
 * heading, then the fields, the note once the list is full, and the button.
 */
export function CreateForm({ texts, full, creating, onSubmit, children }: TCreateFormProps) {
  const titleId = `${useId()}-title`;
  return (
    <form noValidate aria-labelledby={titleId} onSubmit={onSubmit} className="flex min-w-0 flex-col gap-5">
      <h2 id={titleId} className="text-xl font-semibold">
        {texts.title}
      </h2>
      {children}
      {full ? (
        <p role="note" className="rounded-md border border-dashed p-3 text-sm">
          {texts.full}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={creating || full}>
        {creating ? texts.submitting : texts.submit}
      </Button>
    </form>
  );
}
