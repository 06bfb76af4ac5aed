import { cn } from '@/lib/utils';

type TAddressTextProps = {
  /** An e-mail address or a phone number, shown as it is. */
  children: string;
  /**
   * Where the room is bounded (a card on a phone): cut with an ellipsis, the whole address in the tooltip. Otherwise
   * the address keeps its full width and the table around it scrolls sideways.
   */
  truncate?: boolean;
  className?: string;
};

/** An address on one line: never broken mid-word, and never translated by the browser. */
export function AddressText({ children, truncate = false, className }: TAddressTextProps) {
  return (
    <span
      translate="no"
      title={truncate ? children : undefined}
      className={cn(truncate ? 'block max-w-full truncate' : 'whitespace-nowrap', className)}
    >
      {children}
    </span>
  );
}
