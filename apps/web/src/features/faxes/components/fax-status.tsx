import type { TFax } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { cn } from '@/lib/utils';

import { statusViewOf, type TStatusIcon, type TStatusTone } from '../utils/fax-status';

import { CheckCircleIcon, ClockIcon, MailIcon, MinusCircleIcon, XCircleIcon } from './fax-icons';

const ICONS: Record<TStatusIcon, typeof CheckCircleIcon> = {
  check: CheckCircleIcon,
  cross: XCircleIcon,
  clock: ClockIcon,
  dot: MinusCircleIcon,
  envelope: MailIcon,
};

// Icon colours only; the label beside them carries the meaning (and keeps 4.5:1 in the foreground colour). Unread is
// the primary colour (7:1 on white), as the bell marks it, not the amber of work still in progress.
const TONES: Record<TStatusTone, string> = {
  success: 'text-emerald-600',
  danger: 'text-red-600',
  pending: 'text-amber-500',
  unread: 'text-primary',
  neutral: 'text-muted-foreground',
};

/** A fax's status as spec 001 §2.7 shows it: an icon in the status colour and its name. */
export function FaxStatus({
  fax,
  className,
}: {
  fax: Pick<TFax, 'direction' | 'status' | 'read'> & Partial<Pick<TFax, 'failureReason'>>;
  className?: string;
}) {
  const { t } = useTranslation('faxes');
  const view = statusViewOf(fax);
  const Icon = ICONS[view.icon];
  return (
    <span
      data-status-icon={view.icon}
      className={cn('inline-flex items-center gap-1.5', view.tone === 'unread' ? 'font-semibold' : 'font-medium', className)}
    >
      <Icon className={cn('size-4', TONES[view.tone])} />
      {t(view.label)}
    </span>
  );
}
