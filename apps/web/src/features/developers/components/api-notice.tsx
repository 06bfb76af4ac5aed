import type { ReactNode } from 'react';

/** The note, on /developers and /api-documentation, that the v1 API is a planned contract that may still change. */
export function ApiNotice({ children }: { children: ReactNode }) {
  return (
    <p role="note" className="rounded-lg border border-l-4 border-l-primary bg-accent px-4 py-3 text-accent-foreground">
      {children}
    </p>
  );
}
