import type { ChangeEvent, ComponentProps, ReactNode, Ref } from 'react';

import { FormField } from './form-field';

/**
 * A form's text state as its fields need it: the values, a change handler per field, the props that mark the field to
 * fix and take focus (`useFormProblem().fieldProps`) and whether the form is busy. A form builds it once
 * (`const form = { values, change, fieldProps, disabled: loading }`) and hands it to each field.
 */
export type TFormFields<F extends string> = {
  values: Record<F, string>;
  change: (field: F) => (event: ChangeEvent<HTMLInputElement>) => void;
  fieldProps: (field: F) => { ref: Ref<HTMLInputElement>; 'aria-invalid'?: boolean };
  disabled: boolean;
};

type TBoundFieldProps<F extends string> = Omit<ComponentProps<typeof FormField>, 'form' | 'name' | 'value' | 'onChange' | 'label'> & {
  form: TFormFields<F>;
  /** The field of the form, also the input's name. */
  field: F;
  label: ReactNode;
};

/** A labelled input bound to one field of the form; props given here (a ref of its own, say) win over the form's. */
function BoundField<F extends string>({ form, field, ...props }: TBoundFieldProps<F>) {
  return (
    <FormField
      name={field}
      value={form.values[field]}
      onChange={form.change(field)}
      disabled={form.disabled}
      {...form.fieldProps(field)}
      {...props}
    />
  );
}

/** A person's full name. */
export function NameField<F extends string>(props: TBoundFieldProps<F>) {
  return <BoundField autoComplete="name" {...props} />;
}

/**
 * An e-mail address, or what a person signs in with: no capitals or spelling fixes forced on it. `autoComplete` is
 * "email" unless given ("username" where it names the account a password belongs to); `type` is "email" unless given.
 */
export function EmailField<F extends string>(props: TBoundFieldProps<F>) {
  return <BoundField type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}

type TPasswordFieldProps<F extends string> = Omit<TBoundFieldProps<F>, 'type' | 'autoComplete'> & {
  /** The password the person has now (password managers fill it in); otherwise one they choose or confirm. */
  current?: boolean;
};

/** A password input: the password the person has (`current`) or a new one, as password managers tell them apart. */
export function PasswordField<F extends string>({ current = false, ...props }: TPasswordFieldProps<F>) {
  return <BoundField type="password" autoComplete={current ? 'current-password' : 'new-password'} {...props} />;
}
