import type { ReactNode } from 'react';

export type TToastOptions = {
  title: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** Milliseconds; the Toaster's 5000 ms applies when omitted (spec 000 §9). */
  duration?: number;
};

/**
 * Shows a toast. Feature code calls this, never sonner, so the toast rules live in one place. Sonner is loaded with the
 * Toaster just after the first render (src/app/app.tsx), not in the first-load bundle; by the time anyone acts on the
 * page it is there, and a toast asked for sooner waits for it.
 */
export function toast({ title, description, variant = 'default', duration }: TToastOptions): void {
  void import('sonner').then(({ toast: sonner }) => {
    // One toast at a time (spec 000 §9): a new toast replaces the one on screen instead of queueing behind it.
    sonner.dismiss();
    const options = { description, ...(duration === undefined ? {} : { duration }) };
    if (variant === 'destructive') sonner.error(title, options);
    else sonner(title, options);
  });
}
