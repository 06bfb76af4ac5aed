/**
 * The small × on a band in the primary colour (the announcement bar, the assistant's header). Its own drawing, not the
 * icon set's: the announcement bar is in the landing page's first load, which stays small (bench/bundle-size.mjs).
 */
export function BandCloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="grid size-8 shrink-0 place-items-center rounded-md outline-hidden hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-primary-foreground"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
      </svg>
    </button>
  );
}
