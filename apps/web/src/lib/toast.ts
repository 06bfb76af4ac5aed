import type { ReactNode } from 'react';
import { toast as sonner } from 'sonner';

export type TToastOptions = {
  title: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** Milliseconds; the Toaster's 5000 ms applies when omitted (spec 000 §9). */
  duration?: number;
};

/** Shows a toast. Feature code calls this, never sonner, so the toast rules live in one place. */
export function toast({ title, description, variant = 'default', duration }: TToastOptions): string | number {
  // One toast at a time (spec 000 §9): a new toast replaces the one on screen instead of queueing behind it.
  sonner.dismiss();
  const options = { description, ...(duration === undefined ? {} : { duration }) };
  return variant === 'destructive' ? sonner.error(title, options) : sonner(title, options);
}
