import { Button } from './button';

type TPaginationProps = {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The navigation's accessible name ("Fax list pages"). */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** "Page 2 of 5", already translated (and its numbers formatted). */
  pageOf: string;
  /** Which rows are shown ("51–100 of 120"), said before the buttons. */
  summary?: string;
  /** False where the page has a status line of its own for the change, so that it is not said twice. */
  announce?: boolean;
};

/**
 * Previous and next around "Page X of Y", for every list the server pages by number (decision 033). The first text
 * (the summary, or else "Page X of Y") is announced when it changes, because a click on Next moves no focus.
 */
export function Pagination({ page, pages, onPage, label, previousLabel, nextLabel, pageOf, summary, announce = true }: TPaginationProps) {
  const live = announce ? 'polite' : undefined;
  const controls = (
    <>
      <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </Button>
      <p className="text-sm whitespace-nowrap text-muted-foreground" aria-live={summary === undefined ? live : undefined}>
        {pageOf}
      </p>
      <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {nextLabel}
      </Button>
    </>
  );
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      {summary === undefined ? (
        controls
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live={live}>
            {summary}
          </p>
          <div className="flex items-center gap-3">{controls}</div>
        </>
      )}
    </nav>
  );
}
