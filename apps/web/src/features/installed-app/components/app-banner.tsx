import type { ReactNode } from 'react';

/**
 * A prompt of the installed app at the bottom of the screen, over the page and out of the way of its header: the
 * update and install prompts. A polite status, so that a screen reader reads it without moving the focus.
 */
export function AppBanner({ label, children, actions }: { label: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section
      role="status"
      aria-label={label}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-xl flex-col gap-3 rounded-lg border bg-background p-4 text-foreground shadow-lg sm:flex-row sm:items-center"
    >
      <div className="flex-1 text-sm">{children}</div>
      <div className="flex shrink-0 gap-2">{actions}</div>
    </section>
  );
}
