import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

type TIconProps = Omit<ComponentProps<'svg'>, 'children'>;

/** Decorative line icons of the fax pages; the text beside each says what it means. */
function icon(paths: string[]) {
  return function Icon({ className, ...props }: TIconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={cn('size-4 shrink-0', className)}
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const CheckCircleIcon = icon(['M22 11.1V12a10 10 0 1 1-5.9-9.1', 'm9 11 3 3L22 4']);
export const XCircleIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'm15 9-6 6', 'm9 9 6 6']);
export const ClockIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 6v6l4 2']);
export const MinusCircleIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M8 12h8']);
export const ArrowUpIcon = icon(['M12 19V5', 'm5 12 7-7 7 7']);
export const ArrowDownIcon = icon(['M12 5v14', 'm19 12-7 7-7-7']);
export const XIcon = icon(['M18 6 6 18', 'm6 6 12 12']);
export const UploadIcon = icon(['M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm17 8-5-5-5 5', 'M12 3v12']);
export const MoreIcon = icon([
  'M12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  'M19 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  'M5 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
]);
export const SortIcon = icon(['m7 15 5 5 5-5', 'm7 9 5-5 5 5']);
export const SortAscIcon = icon(['m7 14 5-5 5 5']);
export const SortDescIcon = icon(['m7 10 5 5 5-5']);
export const FileIcon = icon(['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6']);
export const FlaskIcon = icon(['M9 3h6', 'M10 3v6L4 20a1 1 0 0 0 .9 1.5h14.2A1 1 0 0 0 20 20L14 9V3']);
