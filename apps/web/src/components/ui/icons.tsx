import type { ComponentProps, JSX } from 'react';

import { cn } from '@/lib/utils';

export type TIconProps = Omit<ComponentProps<'svg'>, 'children'>;
export type TIcon = (props: TIconProps) => JSX.Element;

/**
 * The app's one icon set: decorative 24x24 line icons (the text beside them, or the control's name, says what they
 * mean), hidden from assistive technology. Named for what they draw, not for where they are used, so that each is
 * drawn once. 20 px unless the className says otherwise.
 */
function icon(paths: string[], { filled = false }: { filled?: boolean } = {}): TIcon {
  return function Icon({ className, ...props }: TIconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={cn('size-5 shrink-0', className)}
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const CheckIcon = icon(['M20 6 9 17l-5-5']);
export const ChevronLeftIcon = icon(['m15 18-6-6 6-6']);
export const ChevronRightIcon = icon(['m9 18 6-6-6-6']);
export const PauseIcon = icon(['M8 5v14', 'M16 5v14']);
export const PlayIcon = icon(['M7 4l13 8-13 8z']);
export const StarIcon = icon(['M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z']);
export const PhoneIcon = icon([
  'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z',
]);
export const MailIcon = icon(['M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'm22 6-10 7L2 6']);
export const MapPinIcon = icon(['M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0z', 'M12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6z']);
export const ClockIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 6v6l4 2']);
export const ShieldIcon = icon(['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z']);
export const LockIcon = icon(['M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2z', 'M7 11V7a5 5 0 0 1 10 0v4']);
export const KeyIcon = icon([
  'M7.5 21a5.5 5.5 0 1 1 4.9-8L21 4.5V8l-2 2 1.5 1.5-2 2L17 12l-2.6 2.6A5.5 5.5 0 0 1 7.5 21z',
  'M7.5 15.5h.01',
]);
export const UsersIcon = icon([
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  'M22 21v-2a4 4 0 0 0-3-3.9',
  'M16 3.1a4 4 0 0 1 0 7.8',
]);
export const FileTextIcon = icon([
  'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z',
  'M14 2v6h6',
  'M16 13H8',
  'M16 17H8',
  'M10 9H8',
]);
export const ScanIcon = icon([
  'M3 7V5a2 2 0 0 1 2-2h2',
  'M17 3h2a2 2 0 0 1 2 2v2',
  'M21 17v2a2 2 0 0 1-2 2h-2',
  'M7 21H5a2 2 0 0 1-2-2v-2',
  'M7 12h10',
]);
export const SearchIcon = icon(['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'm21 21-4.3-4.3']);
export const MonitorIcon = icon(['M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z', 'M8 21h8', 'M12 17v4']);
export const HeartIcon = icon([
  'M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7z',
]);
export const ZapIcon = icon(['M13 2 3 14h9l-1 8 10-12h-9z']);
export const CodeIcon = icon(['m16 18 6-6-6-6', 'm8 6-6 6 6 6']);
export const ArrowRightIcon = icon(['M5 12h14', 'm12 5 7 7-7 7']);
/** A number moving in from another provider (porting). */
export const ArrowRightLeftIcon = icon(['m16 3 4 4-4 4', 'M20 7H4', 'm8 21-4-4 4-4', 'M4 17h16']);
export const ActivityIcon = icon(['M22 12h-4l-3 9L9 3l-3 9H2']);
export const GlobeIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M2 12h20', 'M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20z']);
export const EyeIcon = icon(['M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z']);
export const FilledStarIcon = icon(['M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z'], {
  filled: true,
});

// The user area and the back office.
export const LayoutGridIcon = icon(['M3 3h7v9H3z', 'M14 3h7v5h-7z', 'M14 12h7v9h-7z', 'M3 16h7v5H3z']);
export const SendIcon = icon(['m22 2-7 20-4-9-9-4z', 'M22 2 11 13']);
export const HistoryIcon = icon(['M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5', 'M12 7v5l4 2']);
export const UserIcon = icon(['M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2', 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z']);
export const UserPlusIcon = icon([
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  'M19 8v6',
  'M22 11h-6',
]);
export const SettingsIcon = icon([
  'M12.2 2h-.4a2 2 0 0 0-2 2v.2a2 2 0 0 1-1 1.7l-.4.3a2 2 0 0 1-2 0l-.2-.1a2 2 0 0 0-2.7.7l-.2.4a2 2 0 0 0 .7 2.7l.2.1a2 2 0 0 1 1 1.7v.5a2 2 0 0 1-1 1.7l-.2.1a2 2 0 0 0-.7 2.7l.2.4a2 2 0 0 0 2.7.7l.2-.1a2 2 0 0 1 2 0l.4.3a2 2 0 0 1 1 1.7v.2a2 2 0 0 0 2 2h.4a2 2 0 0 0 2-2v-.2a2 2 0 0 1 1-1.7l.4-.3a2 2 0 0 1 2 0l.2.1a2 2 0 0 0 2.7-.7l.2-.4a2 2 0 0 0-.7-2.7l-.2-.1a2 2 0 0 1-1-1.7v-.5a2 2 0 0 1 1-1.7l.2-.1a2 2 0 0 0 .7-2.7l-.2-.4a2 2 0 0 0-2.7-.7l-.2.1a2 2 0 0 1-2 0l-.4-.3a2 2 0 0 1-1-1.7V4a2 2 0 0 0-2-2z',
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
]);
export const ShieldCheckIcon = icon(['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'm9 12 2 2 4-4']);
export const SmartphoneIcon = icon(['M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z', 'M12 18h.01']);
export const BellIcon = icon(['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0']);
export const MenuIcon = icon(['M4 6h16', 'M4 12h16', 'M4 18h16']);
export const XIcon = icon(['M18 6 6 18', 'm6 6 12 12']);
export const PanelCollapseIcon = icon([
  'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z',
  'M9 3v18',
  'm16 15-3-3 3-3',
]);
export const PanelExpandIcon = icon([
  'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z',
  'M9 3v18',
  'm14 9 3 3-3 3',
]);
export const HelpCircleIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3', 'M12 17h.01']);
export const LogOutIcon = icon(['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5', 'M21 12H9']);
export const InboxIcon = icon([
  'M22 12h-6l-2 3h-4l-2-3H2',
  'M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z',
]);
export const CreditCardIcon = icon(['M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z', 'M2 10h20', 'M6 15h4']);
export const HashIcon = icon(['M4 9h16', 'M4 15h16', 'M10 3 8 21', 'M16 3l-2 18']);
export const BarChartIcon = icon(['M3 3v18h18', 'M8 17v-5', 'M13 17V8', 'M18 17v-9']);
export const TicketIcon = icon([
  'M3 8a2 2 0 0 0 0 4v4a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-4a2 2 0 0 1 0-4V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2z',
  'M13 4v2',
  'M13 10v2',
  'M13 16v2',
]);
export const ClipboardListIcon = icon([
  'M9 4h6v3H9z',
  'M9 5H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1h-3',
  'M9 12h6',
  'M9 16h4',
]);

// The fax pages.
export const CheckCircleIcon = icon(['M22 11.1V12a10 10 0 1 1-5.9-9.1', 'm9 11 3 3L22 4']);
export const XCircleIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'm15 9-6 6', 'm9 9 6 6']);
export const MinusCircleIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M8 12h8']);
export const ArrowUpIcon = icon(['M12 19V5', 'm5 12 7-7 7 7']);
export const ArrowDownIcon = icon(['M12 5v14', 'm19 12-7 7-7-7']);
export const UploadIcon = icon(['M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm17 8-5-5-5 5', 'M12 3v12']);
export const MoreHorizontalIcon = icon([
  'M12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  'M19 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  'M5 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
]);
export const ChevronsUpDownIcon = icon(['m7 15 5 5 5-5', 'm7 9 5-5 5 5']);
export const ChevronUpIcon = icon(['m7 14 5-5 5 5']);
export const ChevronDownIcon = icon(['m7 10 5 5 5-5']);
export const FileIcon = icon(['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6']);
export const FlaskIcon = icon(['M9 3h6', 'M10 3v6L4 20a1 1 0 0 0 .9 1.5h14.2A1 1 0 0 0 20 20L14 9V3']);
