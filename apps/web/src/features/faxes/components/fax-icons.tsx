import {
  ArrowDownIcon as ArrowDown,
  ArrowUpIcon as ArrowUp,
  CheckCircleIcon as CheckCircle,
  ChevronDownIcon,
  ChevronsUpDownIcon,
  ChevronUpIcon,
  ClockIcon as Clock,
  FileIcon as File,
  FlaskIcon as Flask,
  MailIcon as Mail,
  MinusCircleIcon as MinusCircle,
  MoreHorizontalIcon,
  UploadIcon as Upload,
  XCircleIcon as XCircle,
  XIcon as X,
  type TIcon,
} from '@/components/ui/icons';
import { cn } from '@/lib/utils';

/** The fax pages draw their icons at 16 px, the height of a table line, unless the className says otherwise. */
function small(Icon: TIcon): TIcon {
  return function SmallIcon({ className, ...props }) {
    return <Icon className={cn('size-4', className)} {...props} />;
  };
}

export const CheckCircleIcon = small(CheckCircle);
export const XCircleIcon = small(XCircle);
export const ClockIcon = small(Clock);
export const MinusCircleIcon = small(MinusCircle);
export const MailIcon = small(Mail);
export const ArrowUpIcon = small(ArrowUp);
export const ArrowDownIcon = small(ArrowDown);
export const XIcon = small(X);
export const UploadIcon = small(Upload);
export const MoreIcon = small(MoreHorizontalIcon);
export const SortIcon = small(ChevronsUpDownIcon);
export const SortAscIcon = small(ChevronUpIcon);
export const SortDescIcon = small(ChevronDownIcon);
export const FileIcon = small(File);
export const FlaskIcon = small(Flask);
