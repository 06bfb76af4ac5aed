import { useId, type ComponentProps, type ReactNode } from 'react';

import { Input } from './input';
import { Label } from './label';

type TFormFieldProps = ComponentProps<'input'> & {
  label: ReactNode;
  /** Help text under the input, read out with it (aria-describedby). */
  description?: ReactNode;
};

/** A labelled input: the visible label is bound to the input, the description is announced with it. */
export function FormField({ label, description, id, ...props }: TFormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} aria-describedby={descriptionId} {...props} />
      <FieldDescription id={descriptionId}>{description}</FieldDescription>
    </div>
  );
}

/** A field's help text, under its control and read out with it (give the control `aria-describedby={id}`). */
export function FieldDescription({ id, children }: { id: string | undefined; children: ReactNode }) {
  return children ? (
    <p id={id} className="text-sm text-muted-foreground">
      {children}
    </p>
  ) : null;
}

/** What is wrong with a field, under its control and read out with it (give the control `aria-describedby={id}`). */
export function FieldProblem({ id, children }: { id: string | undefined; children: ReactNode }) {
  return children ? (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  ) : null;
}

/** What is wrong with a form as a whole (none of its fields), read out at once. */
export function FormProblem({ children }: { children: ReactNode }) {
  return children ? (
    <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm font-medium text-destructive">
      {children}
    </p>
  ) : null;
}
