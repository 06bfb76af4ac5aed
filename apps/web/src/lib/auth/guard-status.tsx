import type { ReactNode } from 'react';

/** The text a guard shows while it checks access; a live region, so screen readers hear it too. */
export function GuardStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-center text-muted-foreground">
      {children}
    </p>
  );
}
