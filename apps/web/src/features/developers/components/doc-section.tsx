import type { ReactNode } from 'react';

/** A section of /api-documentation, named by its h2 and reachable at #id from the contents. */
export function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="flex scroll-mt-28 flex-col gap-4 border-t pt-10 outline-hidden first:border-t-0 first:pt-0"
    >
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An endpoint's method and path, as code. */
export function Endpoint({ method, path }: { method: string; path: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 font-mono text-sm" translate="no">
      <span className="rounded bg-primary px-2 py-0.5 font-semibold text-primary-foreground">{method}</span>
      <span className="break-all">{path}</span>
    </p>
  );
}
