import type { ReactNode } from 'react';

import { ApiError } from '@/lib/api-client';

import { Button } from './button';

/** Said while what a part of the page shows is on its way. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-muted-foreground">
      {children}
    </p>
  );
}

type TLoadFailedProps = {
  /** What could not be loaded. */
  title: ReactNode;
  /** The request's error: the server's translated reason is shown when it gave one. */
  error: unknown;
  retryLabel: ReactNode;
  onRetry: () => void;
};

/** What could not be loaded, the server's reason when it gave one, and a button to ask again. */
export function LoadFailed({ title, error, retryLabel, onRetry }: TLoadFailedProps) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4">
      <p className="font-medium">{title}</p>
      {error instanceof ApiError ? <p className="text-sm text-muted-foreground">{error.message}</p> : null}
      <Button type="button" variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
