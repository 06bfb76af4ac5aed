/**
 * A refusal shown under its field and read out at once. Inside a dialog this is the only way a screen reader hears
 * it: everything outside an open modal dialog, the toasts included, is hidden from assistive technology.
 */
export function FieldError({ id, children }: { id: string; children: string | null }) {
  return (
    <p id={id} role="alert" className="text-sm text-destructive empty:hidden">
      {children}
    </p>
  );
}
