import type { ReactNode } from 'react';

/**
 * A warning beside a setting whose value has wide effects. Its region is always there and polite, so that the text
 * appearing after a change is read out (amber-950 on amber-50: 16:1).
 */
export function WarningNote({ children }: { children: ReactNode }) {
  return (
    <div aria-live="polite">
      {children ? (
        <p className="rounded-md border border-amber-400 border-l-4 border-l-amber-600 bg-amber-50 p-3 text-sm font-medium text-amber-950">
          {children}
        </p>
      ) : null}
    </div>
  );
}
