import type { ReactNode } from 'react';

type TReferenceTableProps = {
  /** Names the table for screen readers (visually hidden when a heading already says it). */
  caption: string;
  headers: string[];
  /** The first cell of each row heads that row. */
  /** `id`: the row's anchor, for a link to it (an error code's `doc_url`). */
  rows: Array<{ key: string; id?: string; cells: ReactNode[] }>;
};

/** A reference table (endpoints, fields, status codes) that scrolls sideways on narrow screens instead of overflowing. */
export function ReferenceTable({ caption, headers, rows }: TReferenceTableProps) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border bg-background">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map(({ key, id, cells }) => (
            <tr key={key} id={id} className="scroll-mt-28 align-top">
              {cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-4 py-3 font-normal whitespace-nowrap">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-4 py-3">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Inline code: API names, fields and values, never translated. */
export function InlineCode({ children }: { children: ReactNode }) {
  return (
    <code translate="no" className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em] break-words text-foreground">
      {children}
    </code>
  );
}
